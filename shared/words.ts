/** The same words with the first letter in capitals: "user" is "User", for a type name or a sentence's start. */
export function capitalized(words: string): string {
  return `${words.charAt(0).toUpperCase()}${words.slice(1)}`;
}
