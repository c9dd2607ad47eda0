/** Said in a list's place when it could not be loaded; `things` names what the list holds. */
export function ListLoadFailed({ things }: { things: string }) {
  return (
    <p className="px-6 py-6 text-destructive text-sm">{`The ${things} could not be loaded. Reload to try again.`}</p>
  );
}
