import js from "@eslint/js";
import tseslint from "typescript-eslint";

const nodeBuiltins = ["node:*", "fs", "net", "http", "https", "crypto", "path", "os", "child_process", "dns", "tls"];
const infra = [
  "pg",
  "@electric-sql/*",
  "express",
  "undici",
  "ioredis",
  "commander",
  "@modelcontextprotocol/*",
  "openai",
];

export default tseslint.config(
  { ignores: ["**/dist/**", "**/node_modules/**", "coverage/**", "**/*.d.ts"] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    rules: {
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
      "@typescript-eslint/consistent-type-imports": "error",
      "no-restricted-syntax": [
        "error",
        { selector: "TSEnumDeclaration", message: "Use a const array and a union type instead of enum." },
        { selector: "TSModuleDeclaration[kind='namespace']", message: "No namespaces." },
        { selector: "ExportAllDeclaration", message: "Export names explicitly." },
        { selector: "ExportDefaultDeclaration", message: "No default exports." },
      ],
    },
  },
  {
    // Type-aware checks for what the compiler alone lets through: a promise nobody awaits or catches, a promise
    // passed where a callback's result is ignored, and a switch that forgets a member of a union.
    files: ["packages/*/{src,test}/**/*.ts"],
    languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname } },
    rules: {
      "@typescript-eslint/no-floating-promises": "error",
      "@typescript-eslint/no-misused-promises": "error",
      "@typescript-eslint/switch-exhaustiveness-check": [
        "error",
        { considerDefaultExhaustiveForUnions: true, requireDefaultForNonUnion: false },
      ],
    },
  },
  {
    // The core is framework-free: no Node built-ins, drivers, frameworks or environment access.
    files: ["packages/core/src/**/*.ts"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            { group: [...nodeBuiltins, ...infra], message: "core imports no framework, driver or I/O module" },
            { group: ["@scamverify/*"], message: "core imports no other package" },
          ],
        },
      ],
      "no-restricted-globals": ["error", "process", "Buffer", "fetch", "setImmediate"],
      "no-restricted-properties": [
        "error",
        { object: "Date", property: "now", message: "Use the Clock port." },
        { object: "Math", property: "random", message: "Use the Ids port." },
      ],
    },
  },
  {
    files: ["**/*.{js,mjs}"],
    languageOptions: {
      globals: {
        console: "readonly",
        process: "readonly",
        URL: "readonly",
        setTimeout: "readonly",
        Buffer: "readonly",
      },
    },
  },
  {
    files: ["*.config.{js,ts}", "eslint.config.js"],
    rules: { "no-restricted-syntax": "off" },
  },
);
