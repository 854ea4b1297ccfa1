import type { IllustrationName } from "../../../content/schema.ts";
import { illustrations } from "./illustrations/index.ts";

/** A content illustration; its alt text comes from the content file. */
export function Illustration({ name, alt, className }: { name: IllustrationName; alt: string; className?: string }) {
  const Component = illustrations[name];
  return <Component title={alt} className={className} />;
}
