// Types only: a client whose members' types follow the options it is made with. The endpoints
// plugin uses it so that `new MyClient({ deployment: "ghes-3.17" })` has GHES 3.17's scopes
// (docs/github-enterprise.md); the kernel knows nothing of deployments.

declare const typing: unique symbol;
declare const optionsType: unique symbol;

/**
 * A type function from constructor options to members (a higher-kinded type, encoded through
 * `this`): `keys` are the option names it reads, `additions` is computed from `this["options"]`
 * (an object holding those options as literal types), and is `{}` when the members the plugin
 * added statically stand. When it is not `{}`, the instance loses `replaces` and gains it.
 */
export interface OptionTyping {
  /** Set by the kernel: the options given, narrowed to `keys`. */
  options: unknown;
  /** Option names read. */
  keys: string;
  /** Members that change, `{}` for none. */
  additions: object;
  /** Members the additions replace (removed first, so that a member the additions lack is gone). */
  replaces: PropertyKey;
}

/** A plugin's additions carry this to have their types follow the options (see {@link OptionTyping}). */
export type OptionTyped<F extends OptionTyping> = { readonly [typing]?: F };

/** The {@link OptionTyping} an instance type carries, `never` for none. */
export type TypingOf<I> = I extends { readonly [typing]?: infer F extends OptionTyping } ? F : never;

/** What `F` computes for options `T`. */
export type Apply<F extends OptionTyping, T> = (F & { options: T })["additions"];

/** The instance a client made with options `T` has. */
export type InstanceFor<I, T> = [TypingOf<I>] extends [never]
  ? I
  : Apply<TypingOf<I>, T> extends infer A
    ? {} extends A
      ? I
      : Omit<I, TypingOf<I>["replaces"] | keyof A> & A
    : never;

/** The option values that select types: `T`'s constraint. */
export type TypingOptions<I, O> = Pick<O, TypingOf<I>["keys"] & keyof O>;

/**
 * Constructor options with the typing ones fixed to `T`'s: one type parameter for what
 * selects the types, so that a misspelt option is still an excess-property error.
 */
export type OptionsFor<I, O, T> = O & { [K in keyof T & TypingOf<I>["keys"]]?: T[K] };

/**
 * A client constructor: generic in the options that select types when a plugin has any. No
 * `const` type parameter (TypeScript 5.0; the declarations are read by 4.9, README): a literal
 * such as `deployment: "ghes-3.17"` stays literal because `T`'s constraint holds `string`.
 * It has its own `prototype`: without one TypeScript 4.9 reads Function's (`any`) into the
 * `prototype` of `ClientClass`'s intersection, and every preset's instance type was `any`
 * (test/types/floor/consumer.ts).
 */
export type ClientConstructor<I, O> = [TypingOf<I>] extends [never]
  ? { new (options?: O): I; readonly prototype: I }
  : {
      new <T extends TypingOptions<I, O> = TypingOptions<I, O>>(options?: OptionsFor<I, O, T>): InstanceFor<I, T>;
      readonly prototype: I;
    };

/**
 * What `ClientClass` carries besides its constructor so that its instance and options types
 * are read without inferring from a generic construct signature (`InstanceType` on one costs
 * every user file ~1,400 type instantiations; test/bench/typecheck.mjs measures it).
 */
export interface ClassTypes<I, O> {
  readonly prototype: I;
  /** Types only: no such member exists at run time. */
  readonly [optionsType]: O;
}

/** The instance type of a client class (`Client.plugin`'s result or the kernel's `Client`). */
export type InstanceOf<C extends { prototype: unknown }> = C["prototype"];

/** The constructor options of a client class. */
export type ClassOptions<C> = C extends { readonly [optionsType]: infer O }
  ? O
  : C extends abstract new (options?: infer P) => unknown
    ? P
    : never;
