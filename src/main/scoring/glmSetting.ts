// The GLM file of a project's scoring settings: checked with the GLM reader and hashed in the
// application process, which the settings' signature then names.
import { createHash } from 'node:crypto';
import type { ScoringSettings } from '../../core/api/contract';
import { AppError } from '../../core/errors';
import { parseGlm } from '../../core/formats/glm';

/** The GLM setting as stored. */
export type GlmSetting = NonNullable<ScoringSettings['glm']>;

/**
 * The GLM setting for a file's `name` and `text`, its `sha256` the first 12 hex digits of the text's
 * SHA-256. A text the GLM reader refuses throws `INVALID_INPUT` naming `name:line:col` of the first
 * problem (and how many more there are).
 */
export function glmSetting(name: string, text: string): GlmSetting {
  const errors = parseGlm(text).diagnostics.filter((d) => d.severity === 'error');
  const first = errors[0];
  if (first) {
    const more = errors.length > 1 ? ` (and ${errors.length - 1} more)` : '';
    throw new AppError('INVALID_INPUT', `${name}:${first.line}:${first.column}: ${first.message}${more}`, {
      file: name,
      line: first.line,
      column: first.column,
    });
  }
  return { name, text, sha256: createHash('sha256').update(text).digest('hex').slice(0, 12) };
}

/** `settings` with its GLM file checked and hashed here, whatever hash came with it. */
export function withCheckedGlm(settings: ScoringSettings): ScoringSettings {
  return settings.glm ? { ...settings, glm: glmSetting(settings.glm.name, settings.glm.text) } : settings;
}
