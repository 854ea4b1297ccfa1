import { Link } from "react-router";
import { privatePageMeta } from "../../lib/seo.ts";
import { requireUser } from "../../lib/sign-in.ts";
import type { Route } from "./+types/home";

export const meta: Route.MetaFunction = () => privatePageMeta("Dashboard");

export function loader({ context, url }: Route.LoaderArgs) {
  return { user: requireUser(context, url) };
}

const roleWords = {
  admin: "Administrator: you can manage users and everything in the portal.",
  editor: "Editor: you can add and edit documentation.",
  viewer: "Viewer: you can read the documentation and releases.",
} as const;

/** The signed-in landing page: who you are signed in as, and where to go next. */
export default function DashboardHome({ loaderData }: Route.ComponentProps) {
  const { user } = loaderData;
  return (
    <div className="grid gap-8">
      <h1 className="text-3xl font-bold tracking-tight">Welcome{user.name ? `, ${user.name}` : ""}</h1>
      <section aria-labelledby="account" className="rounded-2xl p-6 ring-1 ring-gray-200 dark:ring-gray-800">
        <h2 id="account" className="text-xl font-semibold">
          Your account
        </h2>
        <dl className="mt-4 grid gap-4 text-base sm:grid-cols-[10rem_1fr]">
          <dt className="font-semibold">Name</dt>
          <dd>{user.name ?? "Not given by your sign-in provider"}</dd>
          <dt className="font-semibold">Email</dt>
          <dd className="break-all">{user.email ?? "Not given by your sign-in provider"}</dd>
          <dt className="font-semibold">Role</dt>
          <dd>{roleWords[user.role]}</dd>
        </dl>
      </section>
      {user.role === "admin" ? (
        <section aria-labelledby="admin" className="grid gap-3">
          <h2 id="admin" className="text-xl font-semibold">
            Administration
          </h2>
          <p className="text-base">
            <Link
              to="/dashboard/admin/users"
              className="font-semibold text-bdblue-700 underline underline-offset-2 dark:text-bdblue-300"
            >
              Users
            </Link>
            : everyone who has signed in, and who may still do so.
          </p>
        </section>
      ) : null}
    </div>
  );
}
