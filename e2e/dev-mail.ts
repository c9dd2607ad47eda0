import { type APIRequestContext, expect } from '@playwright/test';

/** One message from the standalone app's mail catcher (`GET /dev/mail`, newest first). */
interface CaughtMail {
  id: string;
  to: string;
  subject: string;
  links: string[];
  receivedAt: string;
}

/** Waits for the newest mail to `address` whose subject matches, and answers its verification link. */
export async function verificationLinkFor(
  request: APIRequestContext,
  address: string,
  subject: RegExp,
): Promise<string> {
  let link: string | undefined;
  await expect
    .poll(
      async () => {
        // A kept-alive connection the server closed while idle (a test that waited out a minute) is
        // reset on its next use: that look is taken again, not failed.
        const response = await request.get('/dev/mail').catch((error: unknown) => {
          if (String(error).includes('ECONNRESET')) return null;
          throw error;
        });
        if (!response) return undefined;
        const mails = (await response.json()) as CaughtMail[];
        const mail = mails.find(
          (candidate) => candidate.to.includes(address) && subject.test(candidate.subject),
        );
        link = mail?.links.find((candidate) => candidate.includes('/auth/v1/verify'));
        return link;
      },
      { message: `a mail to ${address} with a verification link`, timeout: 15_000 },
    )
    .toBeTruthy();
  return link as string;
}

/** A fresh address per test and project, so parallel runs never read each other's mail. */
export function freshAddress(name: string, project: string): string {
  return `${name}-${project}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.com`;
}
