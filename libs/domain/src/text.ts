/** Control characters (C0, DEL, C1) never belong in a name or an address a user typed. */
const CONTROL_CHARACTERS = /\p{Cc}/gu;

/** What every free-text field gets before it is checked: control characters removed, then trimmed. */
export function cleanText(input: string): string {
  return input.replace(CONTROL_CHARACTERS, '').trim();
}
