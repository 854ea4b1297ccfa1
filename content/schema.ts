import { z } from "zod";
import { productIds } from "../shared/product-line.ts";

/** The product line's ids (ADR 045): the site's marketing names and words for each are here, the ids there. */
const productKey = z.enum(productIds);

/**
 * The shape of every marketing content file. Strings named `body`, `answer`,
 * `lead` (where noted) and `summary` are markdown; everything else is plain text.
 * A file that does not match fails the build with its name and the field path.
 */

const internalPath = z.string().regex(/^\/[a-z0-9\-/#]*$/, "must be a site path starting with /");

const href = z.union([
  internalPath,
  z.url({ protocol: /^https$/, hostname: z.regexes.domain }),
  z.string().regex(/^(mailto|tel):[^\s]+$/, "must be a mailto: or tel: link"),
]);

const sectionId = z.string().regex(/^[a-z0-9][a-z0-9-]*$/, "must be lowercase words joined by hyphens");

const illustrationNames = [
  "device-v5",
  "device-v4",
  "device-pair",
  "clinic-scan",
  "bone-structure",
  "glucose-metabolism",
  "consumer-wellness",
  "business-growth",
  "research-lab",
  "training",
  "support",
  "map",
] as const;

const iconNames = [
  "activity",
  "award",
  "bar-chart",
  "bone",
  "book-open",
  "building",
  "calendar",
  "check-circle",
  "clipboard",
  "clock",
  "cpu",
  "droplet",
  "file-text",
  "graduation-cap",
  "heart-pulse",
  "headphones",
  "layers",
  "lock",
  "map-pin",
  "monitor",
  "package",
  "phone",
  "scale",
  "shield-check",
  "sparkles",
  "stethoscope",
  "truck",
  "users",
  "wifi",
  "wrench",
  "zap",
] as const;

const illustration = z.object({
  name: z.enum(illustrationNames),
  alt: z.string().min(1, "describe the image for screen readers"),
});

const action = z.object({
  label: z.string().min(1),
  to: href,
  variant: z.enum(["primary", "secondary"]).default("primary"),
});

const hero = z.object({
  eyebrow: z.string().min(1).optional(),
  title: z.string().min(1),
  lead: z.string().min(1),
  illustration: illustration.optional(),
  actions: z.array(action).max(2).default([]),
});

const sectionBase = {
  id: sectionId,
  title: z.string().min(1),
  lead: z.string().min(1).optional(),
};

const proseSection = z.object({
  type: z.literal("prose"),
  ...sectionBase,
  body: z.string().min(1),
  illustration: illustration.optional(),
});

const featuresSection = z.object({
  type: z.literal("features"),
  ...sectionBase,
  columns: z.union([z.literal(2), z.literal(3)]).default(3),
  items: z
    .array(
      z.object({
        icon: z.enum(iconNames),
        title: z.string().min(1),
        body: z.string().min(1),
        to: internalPath.optional(),
      }),
    )
    .min(2),
});

const specsSection = z.object({
  type: z.literal("specs"),
  ...sectionBase,
  groups: z
    .array(
      z.object({
        name: z.string().min(1),
        rows: z.array(z.object({ label: z.string().min(1), value: z.string().min(1) })).min(1),
      }),
    )
    .min(1),
});

const comparisonSection = z
  .object({
    type: z.literal("comparison"),
    ...sectionBase,
    caption: z.string().min(1),
    columns: z.array(z.string().min(1)).min(2),
    rows: z.array(z.object({ label: z.string().min(1), values: z.array(z.string().min(1)) })).min(1),
  })
  .superRefine((section, ctx) => {
    section.rows.forEach((row, index) => {
      if (row.values.length !== section.columns.length) {
        ctx.addIssue({
          code: "custom",
          path: ["rows", index, "values"],
          message: `needs ${section.columns.length} values, one per column`,
        });
      }
    });
  });

const faqSection = z.object({
  type: z.literal("faq"),
  ...sectionBase,
  items: z.array(z.object({ question: z.string().min(1), answer: z.string().min(1) })).min(1),
});

const stepsSection = z.object({
  type: z.literal("steps"),
  ...sectionBase,
  items: z.array(z.object({ title: z.string().min(1), body: z.string().min(1) })).min(2),
});

const cardsSection = z.object({
  type: z.literal("cards"),
  ...sectionBase,
  items: z
    .array(
      z.object({
        title: z.string().min(1),
        body: z.string().min(1),
        to: href.optional(),
        linkLabel: z.string().min(1).optional(),
        badge: z.string().min(1).optional(),
        icon: z.enum(iconNames).optional(),
        illustration: illustration.optional(),
      }),
    )
    .min(1),
});

const noticeSection = z.object({
  type: z.literal("notice"),
  ...sectionBase,
  tone: z.enum(["info", "caution"]),
  body: z.string().min(1),
});

const ctaSection = z.object({
  type: z.literal("cta"),
  ...sectionBase,
  body: z.string().min(1),
  actions: z.array(action).min(1).max(2),
});

const testimonialsSection = z.object({
  type: z.literal("testimonials"),
  ...sectionBase,
  /** Set when the quotes illustrate the format and are not from real customers. */
  sample: z.boolean(),
  items: z
    .array(
      z.object({
        quote: z.string().min(1),
        name: z.string().min(1),
        role: z.string().min(1),
        organization: z.string().min(1).optional(),
        audience: z.enum(["clinic", "business", "consumer"]),
      }),
    )
    .min(1),
});

const researchSection = z.object({
  type: z.literal("research"),
  ...sectionBase,
  /** Set when the entries show the format of a study record and are not real studies. */
  sample: z.boolean(),
  items: z
    .array(
      z.object({
        title: z.string().min(1),
        summary: z.string().min(1),
        kind: z.enum(["Validation study", "Method comparison", "Technical note", "Usability study", "Registry"]),
        status: z.enum(["Planned", "Recruiting", "In analysis", "Completed"]),
        device: z.enum(["v4", "v5", "v4 and v5"]),
        year: z.number().int().min(2000).max(2100),
      }),
    )
    .min(1),
});

const locationsSection = z.object({
  type: z.literal("locations"),
  ...sectionBase,
  items: z
    .array(
      z.object({
        name: z.string().min(1),
        kind: z.enum(["Headquarters", "Manufacturing", "Service centre", "Training centre", "Distributor"]),
        addressLines: z.array(z.string().min(1)).min(2),
        country: z.string().min(1),
        /** Where it is, in degrees: the finder names the nearest to a search (checked against the city table). */
        at: z.object({ latitude: z.number().min(-90).max(90), longitude: z.number().min(-180).max(180) }).optional(),
        phone: z
          .string()
          .regex(/^\+[0-9 ()-]{7,}$/, "use international format, e.g. +1 555 0100")
          .optional(),
        email: z.email().optional(),
        hours: z.string().min(1).optional(),
        services: z.array(z.string().min(1)).default([]),
      }),
    )
    .min(1),
});

const contactSection = z.object({
  type: z.literal("contact"),
  ...sectionBase,
  channels: z
    .array(
      z.object({
        icon: z.enum(iconNames),
        title: z.string().min(1),
        body: z.string().min(1),
        to: href,
        linkLabel: z.string().min(1),
      }),
    )
    .min(1),
});

/** The public forms, each served by its own route (app/routes/site/…), placed where the content says. */
export const formNames = { contact: "/about/contact", certification: "/about/get-certified" } as const;
export type FormName = keyof typeof formNames;

const formSection = z.object({
  type: z.literal("form"),
  ...sectionBase,
  form: z.enum(Object.keys(formNames) as [FormName]),
});

/** The locations finder (its route, app/routes/site/locations.tsx, searches the listed organizations). */
const finderSection = z.object({
  type: z.literal("finder"),
  ...sectionBase,
});

const sectionSchema = z.discriminatedUnion("type", [
  proseSection,
  featuresSection,
  specsSection,
  comparisonSection,
  faqSection,
  stepsSection,
  cardsSection,
  noticeSection,
  ctaSection,
  testimonialsSection,
  researchSection,
  locationsSection,
  contactSection,
  formSection,
  finderSection,
]);

export const pageSchema = z
  .object({
    path: internalPath,
    /** The page's own title; the site suffix is added by the layout. */
    title: z.string().min(1).max(60),
    description: z.string().min(50).max(170),
    /** A page may force a colour mode; "system" is not allowed here. */
    colorMode: z.enum(["light", "dark"]).optional(),
    hero,
    sections: z.array(sectionSchema).default([]),
    /** JSON-LD types this page contributes, besides the site-wide Organization. */
    structuredData: z.array(z.union([z.templateLiteral(["Product:", productKey]), z.literal("FAQPage")])).default([]),
  })
  .superRefine((page, ctx) => {
    const seen = new Set<string>();
    page.sections.forEach((section, index) => {
      if (seen.has(section.id)) {
        ctx.addIssue({
          code: "custom",
          path: ["sections", index, "id"],
          message: `duplicate section id "${section.id}"`,
        });
      }
      seen.add(section.id);
      if (section.type === "finder" && page.path !== "/locations") {
        ctx.addIssue({
          code: "custom",
          path: ["sections", index, "type"],
          message: "the locations finder works only on /locations, whose route searches",
        });
      }
      if (section.type === "form" && formNames[section.form] !== page.path) {
        ctx.addIssue({
          code: "custom",
          path: ["sections", index, "form"],
          message: `the ${section.form} form works only on ${formNames[section.form]}, whose route sends it`,
        });
      }
    });
  });

export const siteSchema = z.object({
  brand: z.object({
    name: z.string().min(1),
    /** The equipment line; page titles end with " · {titleSuffix}". */
    titleSuffix: z.string().min(1),
    tagline: z.string().min(1),
    description: z.string().min(50).max(170),
  }),
  company: z.object({
    legalName: z.string().min(1),
    email: z.email(),
    phone: z.string().regex(/^\+[0-9 ()-]{7,}$/),
    address: z.object({
      street: z.string().min(1),
      locality: z.string().min(1),
      region: z.string().min(1),
      postalCode: z.string().min(1),
      country: z.string().length(2),
    }),
    madeIn: z.string().min(1),
  }),
  products: z
    .array(
      z.object({
        key: productKey,
        name: z.string().min(1),
        shortName: z.string().min(1),
        /** One line for menus: at most 48 characters. */
        tagline: z.string().min(1).max(48),
        summary: z.string().min(1),
        status: z.enum(["Current", "Supported"]),
      }),
    )
    .refine(
      (products) =>
        products.length === productIds.length && productIds.every((id) => products.some((each) => each.key === id)),
      `List each product of the product line once: ${productIds.join(", ")}.`,
    ),
  links: z.object({
    partner: z.object({ label: z.string().min(1), url: z.url({ protocol: /^https$/ }) }),
    termsPdf: z.object({ label: z.string().min(1), url: z.url({ protocol: /^https$/ }) }),
    social: z.object({
      facebook: z.url({ protocol: /^https$/ }),
      instagram: z.url({ protocol: /^https$/ }),
      linkedin: z.url({ protocol: /^https$/ }),
      x: z.url({ protocol: /^https$/ }),
    }),
  }),
});

export type Page = z.infer<typeof pageSchema>;
export type SiteConfig = z.infer<typeof siteSchema>;
export type IllustrationName = (typeof illustrationNames)[number];
export type IconName = (typeof iconNames)[number];
