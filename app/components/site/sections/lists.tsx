import { ArrowRight, ChevronDown } from "lucide-react";
import { Link } from "react-router";
import type { RenderedSection } from "../../../../content/render.ts";
import { cn } from "../../ui/cn.ts";
import { Icon } from "../../ui/icon.tsx";
import { Illustration } from "../illustration.tsx";
import { Markdown } from "./section-frame.tsx";

type Of<T extends RenderedSection["type"]> = Extract<RenderedSection, { type: T }>;

const card = "rounded-2xl border border-gray-200 bg-white p-6 shadow-sm dark:border-gray-800 dark:bg-gray-900";

function isExternal(to: string) {
  return /^(https:|mailto:|tel:)/.test(to);
}

function ItemLink({ to, label, title }: { to: string; label: string; title: string }) {
  const className =
    "mt-4 inline-flex min-h-11 items-center gap-1 rounded text-base font-semibold text-bdblue-700 hover:text-bdblue-900 dark:text-bdblue-300 dark:hover:text-bdblue-200";
  const content = (
    <>
      {label}
      <span className="sr-only">: {title}</span>
      <ArrowRight aria-hidden="true" className="size-4" />
    </>
  );
  if (isExternal(to)) {
    const newTab = to.startsWith("https:");
    return (
      <a href={to} className={className} {...(newTab ? { target: "_blank", rel: "noopener noreferrer" } : {})}>
        {content}
        {newTab ? <span className="sr-only"> (opens in a new tab)</span> : null}
      </a>
    );
  }
  return (
    <Link to={to} className={className}>
      {content}
    </Link>
  );
}

export function Features({ section }: { section: Of<"features"> }) {
  return (
    <ul className={cn("grid gap-6 sm:grid-cols-2", section.columns === 3 && "md:grid-cols-3")}>
      {section.items.map((item) => (
        <li key={item.title} className={card}>
          <span className="inline-flex size-11 items-center justify-center rounded-xl bg-bdblue-50 text-bdblue-700 dark:bg-bdblue-950 dark:text-bdblue-300">
            <Icon name={item.icon} className="size-6" />
          </span>
          <h3 className="mt-4 text-lg font-semibold text-gray-950 dark:text-white">{item.title}</h3>
          <Markdown html={item.body} className="mt-2" />
          {item.to ? <ItemLink to={item.to} label="Learn more" title={item.title} /> : null}
        </li>
      ))}
    </ul>
  );
}

export function Cards({ section }: { section: Of<"cards"> }) {
  return (
    <ul className={cn("grid gap-6 sm:grid-cols-2", section.items.length % 3 === 0 && "md:grid-cols-3")}>
      {section.items.map((item) => (
        <li key={item.title} className={cn(card, "flex flex-col")}>
          {item.illustration ? (
            <Illustration
              name={item.illustration.name}
              alt={item.illustration.alt}
              className="mb-6 aspect-[4/3] w-full"
            />
          ) : null}
          {/* The badge goes under the title when both do not fit on one line. */}
          <div className="flex flex-wrap items-start gap-x-3 gap-y-2">
            {item.icon ? (
              <Icon name={item.icon} className="mt-1 size-5 shrink-0 text-bdblue-700 dark:text-bdblue-300" />
            ) : null}
            <h3 className="flex-1 text-lg font-semibold text-gray-950 dark:text-white">{item.title}</h3>
            {item.badge ? (
              <span className="rounded-full bg-bdblue-50 px-2.5 py-0.5 text-base font-semibold text-bdblue-800 dark:bg-bdblue-950 dark:text-bdblue-200">
                {item.badge}
              </span>
            ) : null}
          </div>
          <Markdown html={item.body} className="mt-2 flex-1" />
          {item.to ? <ItemLink to={item.to} label={item.linkLabel ?? "Learn more"} title={item.title} /> : null}
        </li>
      ))}
    </ul>
  );
}

export function Steps({ section }: { section: Of<"steps"> }) {
  return (
    <ol className="grid gap-6 md:grid-cols-2">
      {section.items.map((item, index) => (
        <li key={item.title} className="flex gap-4">
          <span
            aria-hidden="true"
            className="flex size-10 shrink-0 items-center justify-center rounded-full bg-bdblue-600 text-base font-bold text-white dark:bg-bdblue-400 dark:text-gray-950"
          >
            {index + 1}
          </span>
          <div>
            <h3 className="text-lg font-semibold text-gray-950 dark:text-white">
              <span className="sr-only">Step {index + 1}: </span>
              {item.title}
            </h3>
            <Markdown html={item.body} className="mt-1" />
          </div>
        </li>
      ))}
    </ol>
  );
}

export function Faq({ section }: { section: Of<"faq"> }) {
  return (
    <div className="divide-y divide-gray-200 rounded-2xl border border-gray-200 bg-white dark:divide-gray-800 dark:border-gray-800 dark:bg-gray-900">
      {section.items.map((item) => (
        <details key={item.question} className="group px-6">
          <summary className="flex min-h-14 cursor-pointer list-none items-center justify-between gap-4 py-4 text-left text-base font-semibold text-gray-950 dark:text-white [&::-webkit-details-marker]:hidden">
            <h3>{item.question}</h3>
            <span className="flex size-8 shrink-0 items-center justify-center rounded-full bg-gray-100 text-gray-700 dark:bg-gray-800 dark:text-gray-200">
              <ChevronDown aria-hidden="true" className="size-5 transition-transform group-open:rotate-180" />
            </span>
          </summary>
          <Markdown html={item.answer} className="max-w-3xl pb-6" />
        </details>
      ))}
    </div>
  );
}

export function Contact({ section }: { section: Of<"contact"> }) {
  return (
    <ul className="grid gap-6 sm:grid-cols-2">
      {section.channels.map((channel) => (
        <li key={channel.title} className={card}>
          <span className="inline-flex size-11 items-center justify-center rounded-xl bg-bdblue-50 text-bdblue-700 dark:bg-bdblue-950 dark:text-bdblue-300">
            <Icon name={channel.icon} className="size-6" />
          </span>
          <h3 className="mt-4 text-lg font-semibold text-gray-950 dark:text-white">{channel.title}</h3>
          <Markdown html={channel.body} className="mt-2" />
          <ItemLink to={channel.to} label={channel.linkLabel} title={channel.title} />
        </li>
      ))}
    </ul>
  );
}
