import { type Client, createClient } from 'graphql-ws';
import { bearerAuthorization, onIdentityChange } from './access-token';

/** The gateway's subscription endpoint on this page's own host: ws:// in development, wss:// behind TLS. */
export function graphqlWsUrl(location: Pick<Location, 'protocol' | 'host'>): string {
  return `${location.protocol === 'https:' ? 'wss' : 'ws'}://${location.host}/graphql`;
}

let client: Client | undefined;
let connected = false;
const waitingForConnection = new Set<() => void>();

function liveClient(): Client {
  if (!client) {
    // Lazy: the socket opens with the first subscription and closes after the last one.
    client = createClient({
      url: graphqlWsUrl(window.location),
      lazy: true,
      retryAttempts: 5,
      // A function, so every (re)connection carries the token of that moment.
      connectionParams: () => {
        const authorization = bearerAuthorization();
        return authorization ? { authorization } : {};
      },
    });
    client.on('connected', () => {
      connected = true;
      for (const resolve of waitingForConnection) resolve();
      waitingForConnection.clear();
    });
    client.on('closed', () => {
      connected = false;
    });
  }
  return client;
}

// After a sign-in or sign-out the open socket still speaks for the previous user: reconnect it.
// graphql-ws treats a termination as retryable and resubscribes on the new connection.
onIdentityChange(() => {
  if (connected) client?.terminate();
});

export interface LiveSubscription {
  /** Settles once the socket is open and the subscription is on its way to the server. */
  ready: Promise<void>;
  unsubscribe: () => void;
}

export interface LiveHandlers<TData> {
  onData: (data: TData) => void;
  onError: (error: Error) => void;
}

// The server rejects an operation with a list of GraphQL errors; anything else is the socket giving up.
function describeFailure(reason: unknown): string {
  if (Array.isArray(reason)) return reason.map((error: { message: string }) => error.message).join('; ');
  return 'The live connection to the server failed.';
}

/** Subscribes to one GraphQL subscription over the shared socket. */
export function subscribeLive<TData, TVariables extends Record<string, unknown>>(
  query: string,
  variables: TVariables,
  { onData, onError }: LiveHandlers<TData>,
): LiveSubscription {
  let resolveReady: () => void = () => {};
  let rejectReady: (error: Error) => void = () => {};
  const ready = new Promise<void>((resolve, reject) => {
    resolveReady = resolve;
    rejectReady = reject;
  });
  ready.catch(() => {}); // Callers that never await `ready` still hear about failures through onError.

  const fail = (error: Error) => {
    rejectReady(error);
    onError(error);
  };
  const stop = liveClient().subscribe<TData>(
    { query, variables },
    {
      next: ({ data, errors }) => {
        if (errors?.length) fail(new Error(describeFailure(errors)));
        else if (data) onData(data);
      },
      error: (reason) => fail(new Error(describeFailure(reason))),
      complete: () => {},
    },
  );
  if (connected) resolveReady();
  else waitingForConnection.add(resolveReady);

  return {
    ready,
    unsubscribe: () => {
      // A caller waiting on `ready` must not carry on after it stopped listening.
      waitingForConnection.delete(resolveReady);
      rejectReady(new Error('The live subscription was stopped.'));
      stop();
    },
  };
}
