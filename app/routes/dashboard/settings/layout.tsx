import { Outlet } from "react-router";
import { DashboardErrorBoundary } from "../../../components/dashboard/error-boundary.tsx";

/** Spec §2: /dashboard/settings has a default child at the same path (the page below). */
export default function SettingsLayout() {
  return (
    <div className="grid gap-8">
      <div className="grid gap-1">
        <h1 className="text-3xl font-bold tracking-tight">Your settings</h1>
        <p className="text-base text-gray-700 dark:text-gray-300">
          How the portal looks and talks to you, and who may act for you.
        </p>
      </div>
      <Outlet />
    </div>
  );
}

export { DashboardErrorBoundary as ErrorBoundary };
