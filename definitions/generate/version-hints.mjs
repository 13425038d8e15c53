// What to send instead of a request parameter a later REST API version removes, per changeset
// (the names of x-github-breaking-changes). The patches only delete the field, so the
// replacement is written here by hand, from GitHub's notes on each change; `null` when there is
// none. versions.mjs fails the generation when a changeset removes a parameter this table does
// not list, or when it lists one no changeset removes.
export const VERSION_HINTS = {
  remove_singular_assignee_from_issues_and_pull_requests: { assignee: "assignees" },
  remove_team_permission: {
    permission: "teams.addOrUpdateRepoPermissionsInOrg's permission, per repository",
  },
  remove_secret_scanning_custom_link_enablement_field: { secret_scanning_push_protection_custom_link_enabled: null },
  // The 2026-03-10 response is always 200 with the run's ID and URLs: there is nothing to ask for.
  change_workflow_dispatch_response_status: { return_run_details: null },
};
