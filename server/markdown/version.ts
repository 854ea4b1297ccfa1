/**
 * The docs renderer's version. Pages kept in `doc_renders` carry the version that made
 * them, and those of an older one are made again in the background after a deploy
 * (`refreshDocRenders`). Raise it with any change to what `renderDoc` gives for the same
 * text: `version.test.ts` fails until the digest it records matches the output again.
 */
export const rendererVersion = 2;
