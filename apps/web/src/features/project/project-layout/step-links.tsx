import { Link } from '@tanstack/react-router';
import { ArrowLeft, ArrowRight } from 'lucide-react';
import { Button } from '../../../ui/button';
import { PROJECT_STEPS, type ProjectStep } from './project-steps';

interface StepLinksProps {
  projectId: string;
  step: ProjectStep['path'];
  /** Add Photos and Sort Photos offer Next only once the project has photos (spec 2 §2). */
  showNext?: boolean;
}

/** The steps before and after `step` in the workflow. */
function neighbours(step: ProjectStep['path']): { previous?: ProjectStep; following?: ProjectStep } {
  const index = PROJECT_STEPS.findIndex((candidate) => candidate.path === step);
  return { previous: PROJECT_STEPS[index - 1], following: PROJECT_STEPS[index + 1] };
}

/** The spec's button texts: every step names its neighbours by their labels in the step list. */
export function stepLinkTexts(step: ProjectStep['path']): { back?: string; next?: string } {
  const { previous, following } = neighbours(step);
  return {
    back: previous && `Back to ${previous.label}`,
    next: following && `Next: ${following.label}`,
  };
}

/** Back / Next at the foot of a workflow step, to the steps before and after it. */
export function StepLinks({ projectId, step, showNext = true }: StepLinksProps) {
  const { previous, following: next } = neighbours(step);
  const following = showNext ? next : undefined;
  const texts = stepLinkTexts(step);
  if (!previous && !following) return null;
  return (
    <nav aria-label="Steps" className="flex flex-wrap justify-between gap-3 border-t pt-6">
      {previous && (
        <Button variant="outline" asChild>
          <Link to={`/project/$projectId/${previous.path}`} params={{ projectId }}>
            <ArrowLeft aria-hidden="true" /> {texts.back}
          </Link>
        </Button>
      )}
      {following && (
        <Button asChild className="ml-auto">
          <Link to={`/project/$projectId/${following.path}`} params={{ projectId }}>
            {texts.next} <ArrowRight aria-hidden="true" />
          </Link>
        </Button>
      )}
    </nav>
  );
}
