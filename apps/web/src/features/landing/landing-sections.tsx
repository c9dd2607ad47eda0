import { Card, CardDescription, CardHeader } from '../../ui/card';
import { features, howItWorks, type Point } from './landing-content';
import { Section } from './section';

function PointCard({ point, step }: { point: Point; step?: number }) {
  const Icon = point.icon;
  return (
    <Card className="h-full border-border/70 shadow-none transition-shadow hover:shadow-md">
      <CardHeader>
        <span className="mb-2 grid size-11 place-items-center rounded-xl bg-primary/10 text-primary">
          <Icon aria-hidden="true" className="size-5" />
        </span>
        <h3 className="font-semibold text-base leading-tight tracking-tight">
          {step !== undefined && <span className="text-muted-foreground">{step}. </span>}
          {point.title}
        </h3>
        <CardDescription>{point.description}</CardDescription>
      </CardHeader>
    </Card>
  );
}

export function FeaturesSection() {
  return (
    <Section id="features" intro={features} className="border-t bg-muted/40">
      <ul className="mt-14 grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
        {features.points.map((feature) => (
          <li key={feature.title}>
            <PointCard point={feature} />
          </li>
        ))}
      </ul>
    </Section>
  );
}

export function HowItWorksSection() {
  return (
    <Section id="how-it-works" intro={howItWorks}>
      <ol className="mt-14 grid gap-4 md:grid-cols-3">
        {howItWorks.steps.map((step, index) => (
          <li key={step.title}>
            <PointCard point={step} step={index + 1} />
          </li>
        ))}
      </ol>
    </Section>
  );
}
