import type { OnModuleDestroy } from '@nestjs/common';
import { createTransport, type Transporter } from 'nodemailer';
import { type Mail, Mailer } from './mailer.js';

/** Sends through the SMTP server of `SMTP_URL` (smtp://, smtps://, with credentials in the URL if any). */
export class SmtpMailer extends Mailer implements OnModuleDestroy {
  private readonly transport: Transporter;

  constructor(
    smtpUrl: string,
    private readonly from: string,
  ) {
    super();
    this.transport = createTransport(smtpUrl);
  }

  async send(mail: Mail): Promise<void> {
    await this.transport.sendMail({ from: this.from, ...mail });
  }

  onModuleDestroy(): void {
    this.transport.close();
  }
}
