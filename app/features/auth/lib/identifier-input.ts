/** A username or email typed in: a phone must not capitalise it nor mark it as a misspelling. */
export const IDENTIFIER_INPUT = { autoCapitalize: 'none', spellCheck: false } as const;
