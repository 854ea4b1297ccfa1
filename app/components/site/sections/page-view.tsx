import type { ReactNode } from "react";
import type { RenderedPage, RenderedSection } from "../../../../content/render.ts";
import type { FormName } from "../../../../content/schema.ts";
import { Illustration } from "../illustration.tsx";
import { Hero } from "./hero.tsx";
import { OnThisPage } from "./on-this-page.tsx";
import { Cards, Contact, Faq, Features, Steps } from "./lists.tsx";
import { Comparison, Cta, Locations, Notice, Research, Specs, Testimonials } from "./records.tsx";
import { Markdown, SectionFrame } from "./section-frame.tsx";

/** The forms a page's route renders, by the name its content places them under. */
export type PageForms = Partial<Record<FormName, ReactNode>>;

type Slots = { forms: PageForms; finder: ReactNode };

function SectionBody({ section, forms, finder }: { section: RenderedSection } & Slots) {
  switch (section.type) {
    case "prose":
      return section.illustration ? (
        <div className="grid items-center gap-10 lg:grid-cols-2">
          <Markdown html={section.body} />
          <Illustration
            name={section.illustration.name}
            alt={section.illustration.alt}
            className="aspect-[4/3] w-full"
          />
        </div>
      ) : (
        <Markdown html={section.body} className="max-w-3xl" />
      );
    case "features":
      return <Features section={section} />;
    case "specs":
      return <Specs section={section} />;
    case "comparison":
      return <Comparison section={section} />;
    case "faq":
      return <Faq section={section} />;
    case "steps":
      return <Steps section={section} />;
    case "cards":
      return <Cards section={section} />;
    case "notice":
      return <Notice section={section} />;
    case "cta":
      return <Cta section={section} />;
    case "testimonials":
      return <Testimonials section={section} />;
    case "research":
      return <Research section={section} />;
    case "locations":
      return <Locations section={section} />;
    case "contact":
      return <Contact section={section} />;
    case "form":
      return forms[section.form] ?? null;
    case "finder":
      return finder;
  }
}

/** Pages with this many sections or more get "On this page" jump links. */
const longPage = 6;

/** A marketing page: the hero, then each section in order, alternating backgrounds. */
export function PageView({
  page,
  forms = {},
  finder = null,
}: {
  page: RenderedPage;
  forms?: PageForms;
  /** The locations finder, where the content places it. */
  finder?: ReactNode;
}) {
  return (
    <>
      <Hero hero={page.hero} home={page.path === "/"} />
      {page.sections.length >= longPage ? <OnThisPage sections={page.sections} /> : null}
      {page.sections.map((section, index) => (
        <SectionFrame
          key={section.id}
          id={section.id}
          title={section.title}
          lead={section.lead}
          tone={section.type === "cta" ? "muted" : index % 2 === 1 ? "muted" : "plain"}
          width="full"
        >
          <SectionBody section={section} forms={forms} finder={finder} />
        </SectionFrame>
      ))}
    </>
  );
}
