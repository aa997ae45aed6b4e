/**
 * A configuration value that cannot be used (a flag, an environment variable
 * or a rules file). The message names the setting and what is expected, so
 * the CLI prints it as it is and exits with status 2.
 */
import { CodedError } from '../../shoe/coded-error.ts';
export class ConfigError extends CodedError {
  override readonly code = 'CONFIG';
}

/** One clause per zod issue, the setting named as the user wrote it: `--port (TQ_PORT): must be …`. */
export function describeIssues(issues: readonly { path: readonly PropertyKey[]; message: string }[], names: Readonly<Record<string, string>> = {}): string {
  return issues
    .map((issue) => {
      const [top, ...rest] = issue.path.map(String);
      const name = top === undefined ? '' : `${names[top] ?? top}${rest.length > 0 ? `.${rest.join('.')}` : ''}: `;
      return `${name}${issue.message}`;
    })
    .join('; ');
}
