import type { User } from "../domain/users/index.ts";
import type { DomainContext } from "../domain/core/context.ts";

/**
 * The pieces every part of the demo's story is written with: a step (something that
 * happens at a moment), the story's clock, and the contexts the public forms' stories act in.
 */

/** Something that happens in the story, at its moment: the seed runs the steps in time order. */
export type Step = { at: Date; run: () => Promise<void> };

/** A moment of the story: so many days ago, at this UTC time. */
export type StoryClock = (daysAgo: number, utcHour: number, utcMinute?: number) => Date;

/** Who acts in the public forms' stories: a visitor at an address, a signed-in person, and the form's ticket. */
export type FormStoryContexts = {
  visitor: (moment: Date, address: string) => DomainContext;
  as: (moment: Date, user: User) => DomainContext;
  /** A ticket for a form given out at this moment, from the demo's own form tickets. */
  ticket: (moment: Date) => string;
};
