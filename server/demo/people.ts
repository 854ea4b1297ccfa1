import type { Role } from "../domain/core/access.ts";

/**
 * The demo portal's people (their organizations are in organizations.ts).
 * Everything here is invented: no name, address or person is a real one. Addresses and
 * domains are reserved for examples: mail and websites on example.com / example.org
 * (RFC 2606), phone numbers in the ranges regulators keep for fiction (North America
 * 555-0100–0199; UK Ofcom's drama numbers; Germany's Bundesnetzagentur film numbers;
 * Australia's ACMA 5550 range), network addresses in the documentation ranges (RFC 5737,
 * RFC 3849).
 */

/** How often someone signs in: most weekdays, about once a week, or now and then. */
export type SignInHabit = "daily" | "weekly" | "rare";

export type DemoPerson = {
  name: string | null;
  email: string;
  /** Their role now. */
  role: Role;
  /** The key of their organization, or null (Densara's own staff, or not placed yet). */
  organization: string | null;
  /** Active or disabled people: when they first signed in. Invited people: when they were invited. */
  joinedDaysAgo: number;
  status: "active" | "disabled" | "invited";
  /** Editors first signed in as viewers; an admin made them editors this many days ago. */
  promotedDaysAgo?: number;
  disabledDaysAgo?: number;
  habit: SignInHabit;
  /** A colour mode they chose the day after they joined (otherwise "system"). */
  colorMode?: "light" | "dark";
  /** Their browser: an index into `demoBrowsers`. */
  browser: number;
};

export const demoPeople: DemoPerson[] = [
  // Densara's own staff. The admins are listed in ADMIN_EMAILS, so they were admins from their first sign-in.
  {
    name: "Amara Osei",
    email: "amara.osei@example.com",
    role: "admin",
    organization: null,
    joinedDaysAgo: 59,
    status: "active",
    habit: "daily",
    colorMode: "dark",
    browser: 0,
  },
  {
    name: "Daniel Kowalczyk",
    email: "daniel.kowalczyk@example.com",
    role: "admin",
    organization: null,
    joinedDaysAgo: 58,
    status: "active",
    habit: "daily",
    browser: 2,
  },
  {
    name: "Lucía Fernández",
    email: "lucia.fernandez@example.com",
    role: "admin",
    organization: null,
    joinedDaysAgo: 52,
    status: "active",
    habit: "daily",
    browser: 1,
  },
  {
    name: "Hannah Becker",
    email: "hannah.becker@example.com",
    role: "editor",
    organization: null,
    joinedDaysAgo: 57,
    promotedDaysAgo: 57,
    status: "active",
    habit: "daily",
    browser: 4,
  },
  {
    name: "Rahul Venkataraman",
    email: "rahul.venkataraman@example.com",
    role: "editor",
    organization: null,
    joinedDaysAgo: 50,
    promotedDaysAgo: 49,
    status: "active",
    habit: "weekly",
    colorMode: "light",
    browser: 1,
  },
  // Distributors' staff who keep their own listing and materials up to date.
  {
    name: "Chloé Tremblay",
    email: "chloe.tremblay@boreale-medical.example.com",
    role: "editor",
    organization: "boreale",
    joinedDaysAgo: 44,
    promotedDaysAgo: 43,
    status: "active",
    habit: "weekly",
    browser: 0,
  },
  {
    name: "Oliver Bennett",
    email: "oliver.bennett@kestrel-medical.example.com",
    role: "editor",
    organization: "kestrel",
    joinedDaysAgo: 38,
    promotedDaysAgo: 37,
    status: "active",
    habit: "weekly",
    browser: 3,
  },
  {
    name: "Katharina Vogel",
    email: "k.vogel@alpenrand.example.com",
    role: "editor",
    organization: "alpenrand",
    joinedDaysAgo: 44,
    promotedDaysAgo: 44,
    disabledDaysAgo: 11,
    status: "disabled",
    habit: "weekly",
    browser: 2,
  },
  {
    name: "Kenji Watanabe",
    email: "kenji.watanabe@ironbark.example.com",
    role: "editor",
    organization: "ironbark",
    joinedDaysAgo: 10,
    status: "invited",
    habit: "rare",
    browser: 0,
  },
  // People at the organizations that run the equipment.
  {
    name: "Luis Araujo",
    email: "l.araujo@prairiecreek.example.org",
    role: "viewer",
    organization: "prairie-creek",
    joinedDaysAgo: 55,
    status: "active",
    habit: "weekly",
    browser: 0,
  },
  {
    name: "Jamal Washington",
    email: "jamal.washington@lakeshorebone.example.org",
    role: "viewer",
    organization: "lakeshore",
    joinedDaysAgo: 53,
    status: "active",
    habit: "weekly",
    browser: 4,
  },
  {
    name: "Mariam Yusuf",
    email: "m.yusuf@cedarbend.example.org",
    role: "viewer",
    organization: "cedar-bend",
    joinedDaysAgo: 54,
    status: "active",
    habit: "weekly",
    browser: 4,
  },
  {
    name: "Erik Johansson",
    email: "e.johansson@cedarbend.example.org",
    role: "viewer",
    organization: "cedar-bend",
    joinedDaysAgo: 30,
    disabledDaysAgo: 19,
    status: "disabled",
    habit: "rare",
    browser: 0,
  },
  {
    name: "Aisha Rahman",
    email: "aisha.rahman@northfield-ortho.example.org",
    role: "viewer",
    organization: "northfield",
    joinedDaysAgo: 36,
    status: "active",
    habit: "weekly",
    browser: 3,
  },
  {
    name: "Mateo Hernández",
    email: "mateo.hernandez@turquoisemesa.example.org",
    role: "viewer",
    organization: "turquoise-mesa",
    joinedDaysAgo: 49,
    status: "active",
    habit: "weekly",
    colorMode: "dark",
    browser: 2,
  },
  {
    name: "Ngozi Eze",
    email: "ngozi.eze@bluebonnet.example.org",
    role: "viewer",
    organization: "bluebonnet",
    joinedDaysAgo: 27,
    status: "active",
    habit: "rare",
    browser: 1,
  },
  {
    name: "Patrick O'Sullivan",
    email: "patrick.osullivan@soundsummit.example.org",
    role: "viewer",
    organization: "sound-summit",
    joinedDaysAgo: 46,
    status: "active",
    habit: "weekly",
    browser: 0,
  },
  {
    name: "Yuki Tanaka",
    email: "y.tanaka@ironbridge.example.org",
    role: "viewer",
    organization: "iron-bridge",
    joinedDaysAgo: 26,
    status: "active",
    habit: "weekly",
    browser: 1,
  },
  {
    name: "Fatima Al-Sayed",
    email: "fatima.alsayed@pinecrest.example.org",
    role: "viewer",
    organization: "pinecrest",
    joinedDaysAgo: 2,
    status: "invited",
    habit: "rare",
    browser: 0,
  },
  {
    name: "Samuel Adeyemi",
    email: "s.adeyemi@arborlane.example.org",
    role: "viewer",
    organization: "arbor-lane",
    joinedDaysAgo: 48,
    status: "active",
    habit: "weekly",
    browser: 2,
  },
  {
    name: "Carlos Mendoza",
    email: "c.mendoza@redmesa-oh.example.org",
    role: "viewer",
    organization: "red-mesa",
    joinedDaysAgo: 29,
    status: "active",
    habit: "rare",
    browser: 4,
  },
  {
    name: "Leilani Kahale",
    email: "leilani.kahale@baymeadow.example.org",
    role: "viewer",
    organization: "bay-meadow",
    joinedDaysAgo: 20,
    status: "active",
    habit: "weekly",
    browser: 1,
  },
  {
    name: "Ji-woo Park",
    email: "jiwoo.park@meridianplains.example.com",
    role: "viewer",
    organization: "meridian-plains",
    joinedDaysAgo: 42,
    status: "active",
    habit: "weekly",
    browser: 0,
  },
  {
    name: "Wei Zhang",
    email: "wei.zhang@tidewater-dx.example.com",
    role: "viewer",
    organization: "tidewater",
    joinedDaysAgo: 47,
    disabledDaysAgo: 35,
    status: "disabled",
    habit: "rare",
    browser: 2,
  },
  {
    name: "Isabelle Moreau",
    email: "isabelle.moreau@maplehollow.example.org",
    role: "viewer",
    organization: "maple-hollow",
    joinedDaysAgo: 45,
    status: "active",
    habit: "rare",
    browser: 3,
  },
  {
    name: "Nadia Haddad",
    email: "nadia.haddad@larkspur.example.org",
    role: "viewer",
    organization: "larkspur",
    joinedDaysAgo: 37,
    status: "active",
    habit: "rare",
    colorMode: "light",
    browser: 4,
  },
  {
    name: "Tomás Silva",
    email: "tomas.silva@hollinbank.example.org",
    role: "viewer",
    organization: "hollin-bank",
    joinedDaysAgo: 40,
    status: "active",
    habit: "weekly",
    browser: 0,
  },
  {
    name: "Dmitri Volkov",
    email: "d.volkov@kanalbogen.example.org",
    role: "viewer",
    organization: "kanalbogen",
    joinedDaysAgo: 33,
    status: "active",
    habit: "weekly",
    browser: 5,
  },
  {
    name: "Hemi Walker",
    email: "hemi.walker@jacaranda-bone.example.org",
    role: "viewer",
    organization: "jacaranda",
    joinedDaysAgo: 39,
    status: "active",
    habit: "weekly",
    browser: 3,
  },
  // Signed in with an account that sent no name; nobody has placed them in an organization yet.
  {
    name: null,
    email: "j.obi@example.org",
    role: "viewer",
    organization: null,
    joinedDaysAgo: 3,
    status: "active",
    habit: "rare",
    browser: 1,
  },
];

/** Browsers people sign in with (what the activity log shows under "browser"). */
export const demoBrowsers: string[] = [
  "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/141.0.0.0 Safari/537.36",
  "Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.6 Safari/605.1.15",
  "Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:143.0) Gecko/20100101 Firefox/143.0",
  "Mozilla/5.0 (iPad; CPU OS 18_6 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.6 Mobile/15E148 Safari/604.1",
  "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/141.0.0.0 Safari/537.36 Edg/141.0.0.0",
  "Mozilla/5.0 (X11; Ubuntu; Linux x86_64; rv:143.0) Gecko/20100101 Firefox/143.0",
];
