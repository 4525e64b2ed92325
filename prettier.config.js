// @ts-check
/**
 * Prettier, once for the whole tree (docs/decisions/021): the house style the code was
 * already written in (single quotes, semicolons, trailing commas), lines up to 160.
 * @type {import('prettier').Config}
 */
export default {
  singleQuote: true,
  printWidth: 160,
  trailingComma: 'all',
  plugins: ['prettier-plugin-astro'],
};
