import js from "@eslint/js";
import tseslint from "typescript-eslint";
import nextPlugin from "@next/eslint-plugin-next";
import reactHooks from "eslint-plugin-react-hooks";

export default tseslint.config(
  {
    ignores: [
      "node_modules/",
      ".next/",
      "packages/*/dist/",
      "packages/sdk/src/openapi.ts",
      ".data/",
      "lib/db/generated/",
      "test-results/",
      "playwright-report/",
      "next-env.d.ts",
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    plugins: { "@next/next": nextPlugin, "react-hooks": reactHooks },
    rules: {
      ...nextPlugin.configs.recommended.rules,
      ...nextPlugin.configs["core-web-vitals"].rules,
      "react-hooks/rules-of-hooks": "error",
      "react-hooks/exhaustive-deps": "warn",
      "@typescript-eslint/no-explicit-any": "error",
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
      // Prettier (npm run lint checks it) lays code out at 140 columns but never breaks a string:
      // long messages and SQL stay whole where they are greppable; anything else is a real long line.
      "max-len": ["error", { code: 140, ignoreStrings: true, ignoreTemplateLiterals: true, ignoreUrls: true, ignoreRegExpLiterals: true }],
      // Next bundles the app's code more than once, and an error made by another bundle's copy of
      // the class (the rate limiter's, say) fails `instanceof` (lib/errors/app-error.ts).
      "no-restricted-syntax": [
        "error",
        {
          selector: "BinaryExpression[operator='instanceof'][right.name=/^(AppError|RateLimitedError)$/]",
          message: "Use isAppError() / isRateLimitedError(): instanceof fails for errors made by another bundle's copy of the class.",
        },
      ],
    },
  },
  {
    // Requests reach the database only through withTenant() (lib/db/tenant.ts).
    files: ["app/**", "components/**", "lib/**"],
    ignores: ["lib/db/**", "lib/startup.ts"],
    rules: {
      "no-restricted-imports": [
        "error",
        { patterns: [{ group: ["**/db/client*", "@/lib/db/client*"], message: "Use withTenant() from lib/db/tenant.ts." }] },
      ],
    },
  },
  {
    // The widget SDK runs in widget developers' pages: a classic browser script.
    files: ["public/**/*.js"],
    languageOptions: {
      sourceType: "script",
      globals: {
        window: "readonly",
        document: "readonly",
        ResizeObserver: "readonly",
        URL: "readonly",
        isFinite: "readonly",
        setTimeout: "readonly",
      },
    },
  },
  {
    files: ["**/*.mjs", "**/*.cjs", "*.config.js"],
    languageOptions: { globals: { process: "readonly", console: "readonly", URL: "readonly", Buffer: "readonly", setTimeout: "readonly" } },
  },
);
