/** One e-mail, in plain text and HTML. */
export interface Mail {
  to: string;
  subject: string;
  text: string;
  html: string;
}

/** The port mail leaves through: SMTP when configured, the log otherwise (development and tests). */
export abstract class Mailer {
  abstract send(mail: Mail): Promise<void>;
}
