// The one place where a request from either transport is checked and answered.
import { contract, isMethod, type Handlers } from '../../core/api/contract';
import { AppError, type ApiResult } from '../../core/errors';

/** Describes zod issues in one line for the UI, keeping the full list in `details`. */
function invalid(method: string, issues: { path: PropertyKey[]; message: string }[]): AppError {
  const first = issues[0];
  const where = first && first.path.length > 0 ? first.path.map(String).join('.') : 'request';
  return new AppError('INVALID_INPUT', `${method}: ${where}: ${first?.message ?? 'invalid request'}`, {
    issues: issues.map((i) => ({ path: i.path.map(String), message: i.message })),
  });
}

/**
 * Validates `rawInput` against the method's schema, runs the handler, and returns a result.
 * Never throws: bugs become INTERNAL errors (logged through `onBug`), user errors keep their code.
 */
export async function dispatch(
  handlers: Handlers,
  method: string,
  rawInput: unknown,
  onBug: (err: unknown) => void = (err) => console.error(err),
): Promise<ApiResult<unknown>> {
  try {
    if (!isMethod(method)) throw new AppError('UNKNOWN_METHOD', `Unknown API method "${method}".`);
    const spec = contract[method];
    const parsed = spec.input.safeParse(rawInput);
    if (!parsed.success) throw invalid(method, parsed.error.issues);
    const handler = handlers[method] as (input: unknown) => unknown;
    const value = await handler(parsed.data);
    const checked = spec.output.safeParse(value);
    if (!checked.success) {
      onBug(new Error(`${method} returned a value outside its schema: ${checked.error.message}`));
      return { ok: false, error: { code: 'INTERNAL', message: `${method} failed; see the log.` } };
    }
    return { ok: true, value: checked.data };
  } catch (err) {
    if (err instanceof AppError) return { ok: false, error: err.toShape() };
    onBug(err);
    return {
      ok: false,
      error: { code: 'INTERNAL', message: `${method} failed: ${(err as Error)?.message ?? err}` },
    };
  }
}
