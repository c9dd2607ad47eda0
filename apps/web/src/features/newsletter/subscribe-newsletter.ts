import { newsletterMessages } from '@memoreel/domain';
import { useMutation } from '@tanstack/react-query';
import { graphqlRequest } from '../../lib/graphql';

interface NewsletterResult {
  success: boolean;
  error: string | null;
}

const SUBSCRIBE_NEWSLETTER = /* GraphQL */ `
  mutation SubscribeNewsletter($email: String!) {
    subscribeNewsletter(email: $email) {
      success
      error
    }
  }
`;

/** Resolves on success; otherwise throws with the server's message, or the spec's fallback. */
async function subscribeNewsletter(email: string): Promise<void> {
  const { subscribeNewsletter: result } = await graphqlRequest<
    { subscribeNewsletter: NewsletterResult },
    { email: string }
  >(SUBSCRIBE_NEWSLETTER, { email });
  if (!result.success) throw new Error(result.error || newsletterMessages.failedFallback);
}

export function useSubscribeNewsletter() {
  return useMutation({ mutationFn: subscribeNewsletter });
}
