// ESLint (flat config): a small rule set for what the compiler does not catch. TypeScript under
// kernel/, plugins/ and test/server/ is linted with type information from tsconfig.json; other
// TypeScript and the hand-written .mjs/.cjs files without it. `npm run lint`; the test suite runs
// it too (test/package/eslint.test.mjs), zero warnings allowed.
import tseslint from "typescript-eslint";

const everywhere = {
  // Unused code is dead code; a leading `_` marks a parameter kept for its position.
  "@typescript-eslint/no-unused-vars": [
    "error",
    { args: "after-used", argsIgnorePattern: "^_", varsIgnorePattern: "^_", caughtErrors: "none" },
  ],
  // `== null` (null or undefined) is the one loose comparison the code uses on purpose.
  eqeqeq: ["error", "always", { null: "ignore" }],
  "no-var": "error",
  "prefer-const": "error",
};

export default tseslint.config(
  {
    // Generated (definitions/, types/, plugins/cli/generated/: `node build.mjs generate`), built or installed.
    ignores: [
      "dist/",
      "docs/api/",
      "node_modules/",
      ".cache/",
      "types/",
      "definitions/*",
      "!definitions/generate/",
      "!definitions/decode/",
      "plugins/cli/generated/",
      "test/fixtures/",
    ],
  },
  {
    files: ["**/*.ts", "**/*.mts", "**/*.mjs", "**/*.cjs", "**/*.js"],
    languageOptions: { parser: tseslint.parser, ecmaVersion: 2022, sourceType: "module" },
    plugins: { "@typescript-eslint": tseslint.plugin },
    linterOptions: { reportUnusedDisableDirectives: "error" },
    rules: everywhere,
  },
  {
    files: ["**/*.ts"],
    rules: {
      // Types in their own `import type`/`type` specifiers, so that erasing them leaves no import.
      "@typescript-eslint/consistent-type-imports": [
        "error",
        { fixStyle: "inline-type-imports", disallowTypeAnnotations: false },
      ],
    },
  },
  {
    // Type tests: a value declared to have its type checked (`const x: Expected = …`) is used by the compiler.
    files: ["test/types/**/*.ts"],
    rules: { "@typescript-eslint/no-unused-vars": "off" },
  },
  {
    files: ["kernel/**/*.ts", "plugins/**/*.ts", "test/server/**/*.ts"],
    languageOptions: { parserOptions: { project: "./tsconfig.json", tsconfigRootDir: import.meta.dirname } },
    rules: {
      // A promise nobody awaits loses its rejection: an unhandled rejection, or a request error
      // that reaches no caller.
      "@typescript-eslint/no-floating-promises": "error",
      "@typescript-eslint/await-thenable": "error",
      // Errors are Error objects (the typed errors of kernel/errors.ts), never strings or plain objects.
      "@typescript-eslint/only-throw-error": "error",
    },
  },
);
