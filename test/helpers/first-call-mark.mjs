// Empty: test/helpers/first-call-child.ts imports it with a query (`?method-made`) so that its
// marks reach the module hooks in the same order as the child's own `import()` requests.
export {};
