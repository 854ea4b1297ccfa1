import {
  Activity,
  BookOpen,
  Building2,
  Images,
  Inbox,
  LayoutDashboard,
  LibraryBig,
  PackageCheck,
  Settings,
  SlidersHorizontal,
  Users,
  type LucideIcon,
} from "lucide-react";
import type { NavIcon } from "../../lib/portal/nav.ts";

/** The portal's page icons by the names the nav gives them (app/lib/portal/nav.ts). */
export const navIcons: Record<NavIcon, LucideIcon> = {
  activity: Activity,
  "book-open": BookOpen,
  building: Building2,
  images: Images,
  inbox: Inbox,
  "layout-dashboard": LayoutDashboard,
  library: LibraryBig,
  "package-check": PackageCheck,
  settings: Settings,
  sliders: SlidersHorizontal,
  users: Users,
};
