import { type Tier, videoLengthMessages } from '@memoreel/domain';
import { Crown, TimerOff } from 'lucide-react';
import { Alert, AlertDescription, AlertTitle } from '../../ui/alert';
import { Button } from '../../ui/button';

interface VideoTooLongAlertProps {
  tier: Tier;
  /** The project's total length (videoLengthOf), or the render service's refusal when it said so. */
  seconds: number;
  /** The server's words, when it refused the render (the same text as the domain's). */
  message?: string;
  onUpgrade: () => void;
}

/** The plan's video length passed (spec §9): how long, what the plan allows, and the upgrade. */
export function VideoTooLongAlert({ tier, seconds, message, onUpgrade }: VideoTooLongAlertProps) {
  return (
    <Alert variant="destructive" data-testid="video-too-long">
      <TimerOff aria-hidden="true" />
      <div className="min-w-0 flex-1 space-y-2">
        <AlertTitle>{videoLengthMessages.title}</AlertTitle>
        <AlertDescription>{message ?? videoLengthMessages.tooLong(tier, seconds)}</AlertDescription>
        {tier !== 'cherish' && (
          <Button size="sm" onClick={onUpgrade}>
            <Crown aria-hidden="true" />
            {videoLengthMessages.upgrade}
          </Button>
        )}
      </div>
    </Alert>
  );
}
