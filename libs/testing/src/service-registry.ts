/**
 * The services a spec can start by name beside the one it tests (media's specs need projects). An app
 * imports no other app, so it cannot hand a collaborator's definition to its harness; the composition
 * root registers a loader per service instead (apps/standalone/test/service-registry.ts, a Vitest setup
 * file of every package that names collaborators), and a spec names them as the bus does (decision 0029).
 */
export type ServiceLoader = () => Promise<{ name: string }>;

const loaders = new Map<string, ServiceLoader>();

/** Called by the composition root: each service's name and how to load its definition. */
export function registerServices(entries: Record<string, ServiceLoader>): void {
  for (const [name, load] of Object.entries(entries)) loaders.set(name, load);
}

/** The names a spec can ask for. */
export function registeredServiceNames(): string[] {
  return [...loaders.keys()].sort();
}

/**
 * The registered definitions of `names`, in that order. `Definition` is what the composition root
 * registers (platform's `ServiceDefinition`); this package cannot import the platform to say so (see
 * `HarnessPlatform`), so the name is checked instead.
 */
export async function registeredServices<Definition extends { name: string }>(
  names: readonly string[],
): Promise<Definition[]> {
  return Promise.all(
    names.map(async (name) => {
      const load = loaders.get(name);
      if (!load) {
        const known = registeredServiceNames().join(', ') || 'none';
        throw new Error(
          `No service "${name}" is registered for specs (registered: ${known}). A package whose specs start ` +
            "collaborators loads the composition root's registry as a setup file (`serviceRegistry` in vitest.shared.ts).",
        );
      }
      const definition = await load();
      if (definition.name !== name) {
        throw new Error(`The service registered as "${name}" is named "${definition.name}"`);
      }
      return definition as Definition;
    }),
  );
}
