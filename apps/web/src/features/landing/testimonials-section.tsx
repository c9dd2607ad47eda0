import { Quote } from 'lucide-react';
import { testimonials } from './landing-content';
import { Section } from './section';

export function TestimonialsSection() {
  return (
    <Section id="testimonials" intro={testimonials} className="border-t">
      <ul className="mt-14 grid gap-4 md:grid-cols-3">
        {testimonials.quotes.map(({ quote, name, occasion }) => (
          <li key={name}>
            <figure className="flex h-full flex-col rounded-xl border border-border/70 bg-card p-6">
              <Quote aria-hidden="true" className="size-6 text-primary/60" />
              <blockquote className="mt-4 flex-1 text-pretty font-display text-lg leading-relaxed">
                {quote}
              </blockquote>
              <figcaption className="mt-6 text-sm">
                <span className="font-medium">{name}</span>
                <span className="text-muted-foreground"> · {occasion}</span>
              </figcaption>
            </figure>
          </li>
        ))}
      </ul>
    </Section>
  );
}
