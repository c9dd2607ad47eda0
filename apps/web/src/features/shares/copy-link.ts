import { shareMessages } from '@memoreel/domain';
import { toast } from 'sonner';

/**
 * Puts a link on the clipboard and says how it went (spec 2 §8 'Link copied to clipboard!' /
 * 'Failed to copy link'); `copied` replaces the success text (the Instagram button's hint).
 */
export async function copyLinkToClipboard(url: string, copied: string = shareMessages.toasts.linkCopied) {
  try {
    await navigator.clipboard.writeText(url);
    toast.success(copied);
    return true;
  } catch {
    toast.error(shareMessages.toasts.copyFailed);
    return false;
  }
}
