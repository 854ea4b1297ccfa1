import type { RenderedPage } from "../../../../content/render.ts";
import { ButtonLink } from "../../ui/button.tsx";
import { cn } from "../../ui/cn.ts";
import { PageGrid } from "../../ui/page-grid.tsx";
import { Illustration } from "../illustration.tsx";

export function Hero({ hero, home }: { hero: RenderedPage["hero"]; home: boolean }) {
  return (
    <section className="relative overflow-hidden border-b border-gray-100 bg-gradient-to-b from-bdblue-100/70 to-white dark:border-gray-900 dark:from-bdblue-950/60 dark:to-gray-950">
      <PageGrid className={cn("items-center gap-y-12", home ? "py-20 sm:py-28" : "py-16 sm:py-20")}>
        <div className={cn("col-span-10", hero.illustration ? "lg:col-span-5" : "max-w-3xl")}>
          {hero.eyebrow ? (
            <p className="text-base font-semibold tracking-wide text-bdblue-700 uppercase dark:text-bdblue-300">
              {hero.eyebrow}
            </p>
          ) : null}
          <h1
            className={cn(
              "mt-3 font-bold tracking-tight text-balance text-gray-950 dark:text-white",
              home ? "text-4xl sm:text-5xl xl:text-6xl" : "text-4xl sm:text-5xl",
            )}
          >
            {hero.title}
          </h1>
          <p className="mt-6 max-w-2xl text-lg leading-8 text-pretty text-gray-700 sm:text-xl dark:text-gray-300">
            {hero.lead}
          </p>
          {hero.actions.length > 0 ? (
            <div className="mt-10 flex flex-wrap gap-4">
              {hero.actions.map((action) => (
                <ButtonLink key={action.to} to={action.to} variant={action.variant} size="lg">
                  {action.label}
                </ButtonLink>
              ))}
            </div>
          ) : null}
        </div>
        {hero.illustration ? (
          <div className="col-span-10 lg:col-span-5">
            <Illustration
              name={hero.illustration.name}
              alt={hero.illustration.alt}
              className="mx-auto aspect-[4/3] w-full max-w-sm md:max-w-md lg:max-w-xl"
            />
          </div>
        ) : null}
      </PageGrid>
    </section>
  );
}
