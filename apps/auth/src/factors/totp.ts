import { generateSecret, generateURI, verify } from 'otplib';
import QRCode from 'qrcode';

/** The name authenticator apps show above the code. */
export const TOTP_ISSUER = 'Memoreel';
/** A code of the step before or after the current one still counts: phone clocks drift, people type slowly. */
const TOLERANCE_SECONDS = 30;

/** What the user scans or types into the app: RFC 6238 defaults (SHA-1, 6 digits, 30 s), as every app expects. */
export async function totpEnrollment(
  label: string,
): Promise<{ secret: string; uri: string; qrCode: string }> {
  const secret = generateSecret();
  const uri = generateURI({ issuer: TOTP_ISSUER, label, secret });
  const qrCode = await QRCode.toDataURL(uri, { errorCorrectionLevel: 'M', margin: 1, width: 240 });
  return { secret, uri, qrCode };
}

/**
 * The time step `code` belongs to, or null when it is wrong or of a step at or before
 * `usedStep` (each code is good once: a code seen over a shoulder cannot be replayed).
 */
export async function acceptedTimeStep(
  secret: string,
  code: string,
  usedStep: number | null,
): Promise<number | null> {
  const result = await verify({
    secret,
    token: code,
    epochTolerance: TOLERANCE_SECONDS,
    ...(usedStep === null ? {} : { afterTimeStep: usedStep }),
  });
  // The result type covers HOTP too; a TOTP check always names its time step.
  return result.valid && 'timeStep' in result ? result.timeStep : null;
}
