/** A failed list read: the server's message and a retry. */
export function LoadError({ message, onRetry }: { message: string; onRetry: () => void }) {
  return (
    <div
      role="alert"
      className="flex flex-col items-center gap-3 rounded-xl border border-destructive/30 bg-red-50 px-6 py-10 text-center text-sm text-red-900"
    >
      <p>{message}</p>
      <button type="button" className="font-semibold underline underline-offset-4" onClick={onRetry}>
        Try again
      </button>
    </div>
  );
}
