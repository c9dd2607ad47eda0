/** Control characters (C0, DEL, C1) never belong in a name or an address a user typed. */
const CONTROL_CHARACTERS = /\p{Cc}/gu;

/** What every free-text field gets before it is checked: control characters removed, then trimmed. */
export function cleanText(input: string): string {
  return input.replace(CONTROL_CHARACTERS, '').trim();
}

/**
 * Bidirectional embeddings, overrides and isolates (U+202A–U+202E, U+2066–U+2069) and the
 * direction marks: a name with U+202E shows its text reversed to others ("gpj.exe" spoofing).
 * Right-to-left names still display rightly without them.
 */
const BIDI_CONTROLS = /[\u061C\u200E\u200F\u202A-\u202E\u2066-\u2069]/gu;

/**
 * Characters that draw nothing: spaces, format characters (zero-width joiners, the BOM),
 * combining marks on their own, and the blank "letters" (Hangul fillers, the blank braille cell).
 */
const INVISIBLE = /[\p{White_Space}\p{Cf}\p{Mn}\p{Me}\p{Cc}\u115F\u1160\u3164\uFFA0\u2800]/gu;

/** Everything a user names (projects, photos, shares): cleaned like any text, and bidi controls removed. */
export function cleanName(input: string): string {
  return cleanText(input.replace(BIDI_CONTROLS, ''));
}

/** Whether a name would show anything at all: one visible character is enough. */
export function hasVisibleCharacter(name: string): boolean {
  return name.replace(INVISIBLE, '').length > 0;
}
