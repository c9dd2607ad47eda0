import { type Mail, Mailer } from './mailer.js';

/** Without SMTP_URL mail is written to the log, links included, so a developer can follow them. */
export class LogMailer extends Mailer {
  constructor(private readonly logger: { info(details: object, message: string): void }) {
    super();
  }

  async send(mail: Mail): Promise<void> {
    const links = mail.text.match(/https?:\/\/\S+/g) ?? [];
    this.logger.info(
      { to: mail.to, subject: mail.subject, links },
      `mail (not sent, no SMTP_URL):\n${mail.text}`,
    );
  }
}
