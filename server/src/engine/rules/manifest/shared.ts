import { didYouMean, quote, toKebabCase } from '../messages';

export function suggestKebab(value: unknown): string {
  if (typeof value !== 'string') return '';
  const kebab = toKebabCase(value);
  return kebab && kebab !== value ? didYouMean(kebab, quote) : '';
}
