/** The process environment as the loaders read it (config and the OAuth clients): its own file, so neither imports the other. */
export type Env = Record<string, string | undefined>;
