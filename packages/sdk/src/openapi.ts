// Generated from the CRM's OpenAPI document by openapi-typescript: do not edit by hand.
// Use it as createCrmClient<paths>({ ... }) (crm-sdk).

export interface paths {
    "/objects": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List objects
         * @description Lists the tenant's objects (built-in and custom), already filtered to the objects the credential may read.
         *
         *     Required scope: `objects:read`.
         */
        get: operations["objects.list"];
        put?: never;
        /**
         * Create a custom object
         * @description Creates a custom object with a required `name` field; add fields with POST /objects/{apiName}/fields. Its records are at /api/v1/{apiName} at once. The same rules as Settings → Objects (reserved names refused). Admins only; OAuth: objects:write.
         *
         *     Required scope: `objects:write`.
         */
        post: operations["objects.create"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/objects/{apiName}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Describe an object
         * @description Returns an object's fields with their types, whether they are required, unique or read-only, select options and lookup targets.
         *
         *     Required scope: `objects:read`.
         */
        get: operations["objects.describe"];
        put?: never;
        post?: never;
        /**
         * Archive a custom object
         * @description Hides a custom object from the API and the pages; its records are kept. Built-in objects and objects that others look up cannot be archived. Admins only; OAuth: objects:write.
         *
         *     Required scope: `objects:write`.
         */
        delete: operations["objects.archive"];
        options?: never;
        head?: never;
        /**
         * Change an object
         * @description Changes an object's labels or description (built-in objects too). Admins only; OAuth: objects:write.
         *
         *     Required scope: `objects:write`.
         */
        patch: operations["objects.update"];
        trace?: never;
    };
    "/objects/{apiName}/fields": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Create a field
         * @description Adds a field to an object (built-in or custom): text, textarea, email, phone, url, number, currency, percent, date, datetime, boolean, select, multiselect, lookup, formula or rollup, with the same rules as Settings → Objects. Admins only; OAuth: objects:write.
         *
         *     Required scope: `objects:write`.
         */
        post: operations["fields.create"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/objects/{apiName}/fields/{fieldApiName}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /**
         * Archive a field
         * @description Hides a custom field from the API and the pages; stored values are kept. Admins only; OAuth: objects:write.
         *
         *     Required scope: `objects:write`.
         */
        delete: operations["fields.archive"];
        options?: never;
        head?: never;
        /**
         * Change a field
         * @description Changes a field's label, required and unique flags, options or formula. Admins only; OAuth: objects:write.
         *
         *     Required scope: `objects:write`.
         */
        patch: operations["fields.update"];
        trace?: never;
    };
    "/{object}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List records
         * @description Lists an object's records with the exact `total` of matches. Filter with up to 12 `filter` parameters (AND), search by name, order by any field, page with limit/offset.
         *
         *     Required scope: `records:read`, or `records:read:<object>` for this object alone.
         */
        get: operations["records.list"];
        put?: never;
        /**
         * Create a record
         * @description Creates a record from field values by apiName. Required fields must be present; lookups must point at live records of their target object, which the credential must be allowed to read (else 403: `errors.apiKeyObjectDenied` for the key's or token's scope, `errors.permissionDenied` for the user's role).
         *
         *     Required scope: `records:write`, or `records:write:<object>` for this object alone.
         */
        post: operations["records.create"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/{object}/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Get a record
         * @description Returns one record by id with every field, computed fields included.
         *
         *     Required scope: `records:read`, or `records:read:<object>` for this object alone.
         */
        get: operations["records.get"];
        put?: never;
        post?: never;
        /**
         * Delete a record (to trash)
         * @description Soft delete: the record moves to the trash (`?trashed=true` lists it) and can be restored. Needs delete permission: API keys only delete with "Allow deletion", OAuth tokens only with `records:delete` or `records:delete:{object}`.
         *
         *     Required scope: `records:delete`, or `records:delete:<object>` for this object alone.
         */
        delete: operations["records.delete"];
        options?: never;
        head?: never;
        /**
         * Update a record
         * @description Changes only the fields sent (send null to clear a field) and returns the whole record. Setting a lookup needs read access to its target object, as on create.
         *
         *     Required scope: `records:write`, or `records:write:<object>` for this object alone.
         */
        patch: operations["records.update"];
        trace?: never;
    };
    "/{object}/{id}/restore": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Restore a record from the trash
         * @description Moves a trashed record back (400 naming the field if another record has since taken one of its unique values). Counts as an update.
         *
         *     Required scope: `records:write`, or `records:write:<object>` for this object alone.
         */
        post: operations["records.restore"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/{object}/bulk": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Create records in bulk
         * @description Creates up to 500 records in one request, or with upsertOn creates or updates each by a unique field (needs create and update permissions). Each item succeeds or fails on its own; results come in request order.
         *
         *     Required scope: `records:write`, or `records:write:<object>` for this object alone.
         */
        post: operations["records.bulkCreate"];
        delete?: never;
        options?: never;
        head?: never;
        /**
         * Update records in bulk
         * @description Updates up to 500 records: each item is `{id, ...fields to change}`. Each item succeeds or fails on its own; results come in request order.
         *
         *     Required scope: `records:write`, or `records:write:<object>` for this object alone.
         */
        patch: operations["records.bulkUpdate"];
        trace?: never;
    };
    "/data/{object}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Flattened rows (data endpoint)
         * @description Rows with fixed columns id, created_at, updated_at, owner_id and one column per field, newest change first (updated_at then id, descending). To sync, remember the largest updated_at you received and ask for `updated_since` that value next time: no change is missed or repeated. A change is returned once every write that began before it has ended (usually within milliseconds), so no later commit can carry an earlier updated_at.
         *
         *     Required scope: `records:read`, or `records:read:<object>` for this object alone.
         */
        get: operations["records.export"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/activities": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List activities
         * @description With `recordId`, that record's timeline; without it, the tenant's latest activities. Filters combine with AND; the answer has the exact `total`. Only activities on records of objects the caller may read are listed.
         *
         *     Required scope: `activities:read`.
         */
        get: operations["activities.list"];
        put?: never;
        /**
         * Create an activity
         * @description Logs a task, call, email, meeting or note on a live record of any object (`record_id` + `objectApiName`). The caller needs write access to activities and read access to the record's object; the assignee must be an active user.
         *
         *     Required scope: `activities:write`.
         */
        post: operations["activities.create"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/activities/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Get an activity
         * @description One activity. Not found as well when it belongs to a record of an object the caller may not read.
         *
         *     Required scope: `activities:read`.
         */
        get: operations["activities.get"];
        put?: never;
        post?: never;
        /**
         * Delete an activity
         * @description Deletes the activity for good (activities have no trash). Needs the delete permission: an API key with "Allow deletion", a role allowed to delete activity, and for OAuth tokens the activities:delete scope.
         *
         *     Required scope: `activities:delete`.
         */
        delete: operations["activities.delete"];
        options?: never;
        head?: never;
        /**
         * Update an activity
         * @description Changes only the fields sent: `completed: true` completes it now (`false` reopens it), `due_at` reschedules, `assignee_id` reassigns, `outcome` records what came of it. The record it belongs to never changes.
         *
         *     Required scope: `activities:write`.
         */
        patch: operations["activities.update"];
        trace?: never;
    };
    "/line-items": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List an opportunity's line items
         * @description The product lines of one opportunity, oldest first, with `totals` (subtotal, discount, tax, total). Needs read access to opportunities.
         *
         *     Required scope: `records:read`.
         */
        get: operations["line-items.list"];
        put?: never;
        /**
         * Add a line item
         * @description Adds a product line to a live opportunity. `name`, `unit_price`, `tax` and `term` default to the product's name, price, tax rate and term. The opportunity's `amount` becomes the new total in the same transaction (its record.updated event carries it). Needs update access to opportunities and read access to products; at most 200 lines per opportunity.
         *
         *     Required scope: `records:write`.
         */
        post: operations["line-items.create"];
        /**
         * Delete a line item
         * @description Removes one line; the opportunity's totals and `amount` are recomputed in the same transaction (0.00 when no line remains). Needs update access to opportunities. The line is named by the `id` query parameter.
         *
         *     Required scope: `records:write`.
         */
        delete: operations["line-items.delete"];
        options?: never;
        head?: never;
        /**
         * Update a line item
         * @description Changes the quantity, unit price, discount, tax, term or name of one line; the opportunity's totals and `amount` are recomputed in the same transaction. Needs update access to opportunities. The line is named by `id` in the body.
         *
         *     Required scope: `records:write`.
         */
        patch: operations["line-items.update"];
        trace?: never;
    };
    "/line-items/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /**
         * Delete a line item by path
         * @description Removes one line; the opportunity's totals and `amount` are recomputed in the same transaction (0.00 when no line remains). Needs update access to opportunities. The same as DELETE /line-items?id=, with the id in the path.
         *
         *     Required scope: `records:write`.
         */
        delete: operations["line-items.delete-by-id"];
        options?: never;
        head?: never;
        /**
         * Update a line item by path
         * @description Changes the quantity, unit price, discount, tax, term or name of one line; the opportunity's totals and `amount` are recomputed in the same transaction. Needs update access to opportunities. The same as PATCH /line-items, with the line's id in the path.
         *
         *     Required scope: `records:write`.
         */
        patch: operations["line-items.update-by-id"];
        trace?: never;
    };
    "/attachments": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List a record's attachments
         * @description The files attached to one record (`recordId` + `objectApiName`), newest first, with the exact `total`. Metadata only: GET /attachments/{id} gives a file's download URL. Needs read access to the record's object; a record in the trash has none to show.
         *
         *     Required scope: `records:read`.
         */
        get: operations["attachments.list"];
        put?: never;
        /**
         * Register an uploaded file (step 3)
         * @description Step 3 of 3: the file uploaded to step 1's `uploadUrl` becomes an attachment of the record. Refused (400, naming the field) when nothing was uploaded under `storageKey`, when the uploaded file's size or type differ from step 1's, when the key was issued to another tenant, record or credential, or was registered already.
         *
         *     Required scope: `records:write`.
         */
        post: operations["attachments.register"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/attachments/upload-url": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Get a signed upload URL (step 1)
         * @description Step 1 of 3. Answers a signed `uploadUrl`, valid 15 minutes, bound to the file's `contentType` and `size`. Step 2: PUT the bytes to `uploadUrl` with exactly the `headers` answered (a body of another type or length is refused). Step 3: POST /attachments with the `storageKey`. The record must be live and the caller allowed to update its object. An upload not registered within 24 hours is deleted.
         *
         *     Required scope: `records:write`.
         */
        post: operations["attachments.uploadUrl"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/attachments/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Get an attachment and its download URL
         * @description The attachment's metadata, a signed `downloadUrl` and its `expiresAt`, 5 minutes ahead: a public URL is never issued. The URL downloads the file as an attachment under its name. Not found when the record is in the trash or the caller may not read its object.
         *
         *     Required scope: `records:read`.
         */
        get: operations["attachments.get"];
        put?: never;
        post?: never;
        /**
         * Delete an attachment
         * @description Deletes the file from storage and its metadata, for good. Needs the delete permission (spec 5.2): an API key with "Allow deletion", a role allowed to delete records of the record's object, and for OAuth tokens records:delete on that object.
         *
         *     Required scope: `records:delete`.
         */
        delete: operations["attachments.delete"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/{object}/imports/preview": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Preview a CSV import
         * @description Takes what POST /{object}/imports takes (the start of the file is enough: at most 1048576 bytes are read) and answers how its columns map to fields and how its first 10 rows would be written, each with the error the import would give it: the rows go through the import's own checks (validation, lookups, uniqueness, approval rules) in a transaction that is then rolled back, so nothing is created or changed. A sample cut inside its last row ends the preview at the row before.
         *
         *     Required scope: `records:write`, or `records:write:<object>` for this object alone.
         */
        post: operations["imports.preview"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/{object}/imports": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List an object's imports
         * @description The object's imports, newest first, with the exact `total`. Needs read access to the object.
         *
         *     Required scope: `records:read`, or `records:read:<object>` for this object alone.
         */
        get: operations["imports.list"];
        put?: never;
        /**
         * Import records from a CSV file
         * @description Starts an import of a CSV file into the object: as `multipart/form-data` with the file in the part `file` (other parts: `mode`, `upsertOn`, `mapping` as a JSON string), or as JSON naming an attachment already uploaded (`attachmentId`). UTF-8 with or without a BOM, `,` or `;` as the header line shows, quoted cells may hold delimiters, quotes and line breaks. The file is read through and stored before the answer: a malformed file, a header without columns or with one twice, or a mapping to a field the object does not have is a 400 with `details`, a file over IMPORT_MAX_BYTES a 413. The answer is 202 with the import, `queued`: its rows are written in the background in batches of 500 with the same checks as `POST /{object}/bulk` (create, or with `mode: upsert` update the record holding each row's `upsertOn` value). A lookup column may hold the target record's id, one of its unique values or its name (exactly one match). Needs the object's create permission, and update for upsert.
         *
         *     Required scope: `records:write`, or `records:write:<object>` for this object alone.
         */
        post: operations["imports.create"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/{object}/imports/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Get an import's progress
         * @description An import: its status (queued, running, done, failed, cancelled), `total` rows, how many are `processed` and of those `created`, `updated` and `failed`, and `errors_url` for the failed rows. `started_at` with processed/total gives the time left. Needs read access to the object.
         *
         *     Required scope: `records:read`, or `records:read:<object>` for this object alone.
         */
        get: operations["imports.get"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/{object}/imports/{id}/cancel": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Cancel an import
         * @description Cancels a queued or running import: no batch starts after this (one under way finishes first), and the rows already written stay. A cancelled import is answered as it is; a done or failed one cannot be cancelled (409). Needs the object's create permission.
         *
         *     Required scope: `records:write`, or `records:write:<object>` for this object alone.
         */
        post: operations["imports.cancel"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/{object}/imports/{id}/errors": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Download an import's failed rows
         * @description The rows the import could not write so far, as CSV (comma-separated, UTF-8): the file's own columns, then `row` (the line the row starts on in the file, the header being line 1) and `error` (the API's sentence, e.g. `email: another record already has this value`). Fix them and import the file again: `row` and `error` match no field. Needs read access to the object.
         *
         *     Required scope: `records:read`, or `records:read:<object>` for this object alone.
         */
        get: operations["imports.errors"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/inventory": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List inventory
         * @description Stock per live product, by name: on hand, reorder level, committed (quantities on line items of open opportunities), available (on hand − committed) and low_stock (available ≤ reorder level). `lowStock=true` keeps the low ones only; `productId` one product (not found unless it is a live product). Needs read access to products.
         *
         *     Required scope: `records:read`.
         */
        get: operations["inventory.list"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/inventory/adjustments": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Adjust stock
         * @description Sets the quantity on hand (`operation: set`, e.g. after a stock count) or changes it (`add`, negative to remove), with a reason; each adjustment is logged as a movement. On hand never goes below 0. Needs update access to products. Returns the product's stock.
         *
         *     Required scope: `records:write`.
         */
        post: operations["inventory.adjust"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/inventory/{productId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Get a product's stock
         * @description One live product's stock, as in the inventory list.
         *
         *     Required scope: `records:read`.
         */
        get: operations["inventory.get"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        /**
         * Set a product's reorder level
         * @description The available quantity at or below which the product is low on stock (null: never). Needs update access to products.
         *
         *     Required scope: `records:write`.
         */
        patch: operations["inventory.update"];
        trace?: never;
    };
    "/inventory/{productId}/movements": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List a product's stock movements
         * @description Every adjustment of the product's stock, newest first: set or add, the quantity, on hand after it, the reason, who and when.
         *
         *     Required scope: `records:read`.
         */
        get: operations["inventory.movements"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/marketing-emails": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Send a marketing email
         * @description Sends one marketing email to a contact or lead, at the record's email address, with merge fields ({{first_name}}) filled from the record, an unsubscribe footer and one-click unsubscribe headers (RFC 8058). Refused (400) when the record has no valid address or its person unsubscribed; 429 `Daily email limit reached` past the company's daily cap. OAuth tokens need marketing:send and read access to the object. Without an SMTP server configured the message is kept, unsent, in Settings → Email (`state: stored`).
         *
         *     Required scope: `marketing:send`.
         */
        post: operations["marketing.send"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/flows": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List flows
         * @description The company's flows (cadences of email, wait and task steps), oldest first, with their status and the number of records going through each. Only flows of objects the caller may read. Flows are built in Settings → Flows.
         *
         *     Required scope: `flows:read`.
         */
        get: operations["flows.list"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/flows/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Get a flow
         * @description One flow with its steps. The caller must be able to read its object (contact or lead).
         *
         *     Required scope: `flows:read`.
         */
        get: operations["flows.get"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/flows/{id}/enrollments": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List a flow's enrollments
         * @description Records going through the flow or done with it, newest first, with the step each is at and why it ended; filter by status and record. The caller must be able to read the flow's object.
         *
         *     Required scope: `flows:read`.
         */
        get: operations["flows.enrollments"];
        put?: never;
        /**
         * Enroll a record in a flow
         * @description Starts a contact or lead on an active flow: its first step is due at once (flow.enrolled is sent to webhooks). Refused (400) when the flow is paused, when the record already goes through it, or when the flow sends email and the person has no valid address or unsubscribed. The caller must be able to read the flow's object and its role to update it; keys must not be read-only; OAuth tokens need flows:write and read access to the object.
         *
         *     Required scope: `flows:write`.
         */
        post: operations["flows.enroll"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/flows/{id}/enrollments/{enrollmentId}/stop": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Stop an enrollment
         * @description Ends an active enrollment: no further step runs (flow.completed with reason stopped is sent to webhooks). An enrollment that has ended already is answered as it is. The caller must be able to read the flow's object and its role to update it; keys must not be read-only; OAuth tokens need flows:write and read access to the object.
         *
         *     Required scope: `flows:write`.
         */
        post: operations["flows.stopEnrollment"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/approvals": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List approval requests
         * @description Approval requests, newest first, with the exact total: filter by status, object and record, or `mine=true` for those the caller may decide. Only requests about records of objects the caller may read.
         *
         *     Required scope: `approvals:read`.
         */
        get: operations["approvals.list"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/approvals/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Get an approval request
         * @description One approval request: its status, approvers, decision, the record it is about and what it locks.
         *
         *     Required scope: `approvals:read`.
         */
        get: operations["approvals.get"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/approvals/{id}/approve": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Approve
         * @description Approves a pending request as the credential's user, with an optional comment; approval.approved is sent to webhooks and the record's locked fields are free again. Only the request's approvers may decide (403); decisions are final: a request already decided answers 409. Keys must not be read-only; OAuth tokens need approvals:write.
         *
         *     Required scope: `approvals:write`.
         */
        post: operations["approvals.approve"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/approvals/{id}/reject": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Reject
         * @description Rejects a pending request as the credential's user, with an optional comment; approval.rejected is sent to webhooks and the record's locked fields are free again. Only the request's approvers may decide (403); decisions are final: a request already decided answers 409. Keys must not be read-only; OAuth tokens need approvals:write.
         *
         *     Required scope: `approvals:write`.
         */
        post: operations["approvals.reject"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/webhooks": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List webhooks
         * @description The tenant's webhooks, oldest first, each with the result of its latest delivery. Only for people allowed to manage settings (admins): their session, their API keys that are not read-only, or OAuth tokens granted webhooks:manage.
         *
         *     Required scope: `webhooks:manage`.
         */
        get: operations["webhooks.list"];
        put?: never;
        /**
         * Create a webhook
         * @description Subscribes an http(s) address on the public internet to events (record.created and record.updated when `events` is omitted). The answer holds the signing secret, the only time it is shown. Deliveries: one POST per event, signed (x-service-signature, webhook-signature), within 4 seconds, never retried. At most 20 per tenant. Only for people allowed to manage settings (admins): their session, their API keys that are not read-only, or OAuth tokens granted webhooks:manage.
         *
         *     Required scope: `webhooks:manage`.
         */
        post: operations["webhooks.create"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/webhooks/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Get a webhook
         * @description One webhook (never its secret). Only for people allowed to manage settings (admins): their session, their API keys that are not read-only, or OAuth tokens granted webhooks:manage.
         *
         *     Required scope: `webhooks:manage`.
         */
        get: operations["webhooks.get"];
        put?: never;
        post?: never;
        /**
         * Delete a webhook
         * @description Deletes the webhook and its delivery log; nothing more is sent to it. Only for people allowed to manage settings (admins): their session, their API keys that are not read-only, or OAuth tokens granted webhooks:manage.
         *
         *     Required scope: `webhooks:manage`.
         */
        delete: operations["webhooks.delete"];
        options?: never;
        head?: never;
        /**
         * Change, pause or resume a webhook
         * @description Changes its address or events, or pauses it (`active: false`: nothing is sent, the configuration is kept) or resumes it (events from then on are sent; none from the pause). Only for people allowed to manage settings (admins): their session, their API keys that are not read-only, or OAuth tokens granted webhooks:manage.
         *
         *     Required scope: `webhooks:manage`.
         */
        patch: operations["webhooks.update"];
        trace?: never;
    };
    "/webhooks/{id}/rotate-secret": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Rotate a webhook's signing secret
         * @description Replaces the signing secret and returns the new one, the only time it is shown (the way to replace a lost secret). For 24 hours deliveries are signed with both: webhook-signature carries a v1 signature per secret, space-separated, as Standard Webhooks allows, and x-service-signature the new one's; then the old one stops. Rotating again within those 24 hours ends the older secret at once: only the one just replaced keeps signing. Only for people allowed to manage settings (admins): their session, their API keys that are not read-only, or OAuth tokens granted webhooks:manage.
         *
         *     Required scope: `webhooks:manage`.
         */
        post: operations["webhooks.rotateSecret"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/webhooks/{id}/test": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Send a test event
         * @description Sends a webhook.test event to this webhook only (whatever it subscribes to), signed and delivered like any event: one attempt, its result in the delivery log. The answer is the delivery, under way; read it again for the result. 400 when the webhook is paused. Only for people allowed to manage settings (admins): their session, their API keys that are not read-only, or OAuth tokens granted webhooks:manage.
         *
         *     Required scope: `webhooks:manage`.
         */
        post: operations["webhooks.test"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/webhooks/{id}/deliveries": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List a webhook's deliveries
         * @description Its recent deliveries, newest first, kept 30 days: the response status, or the error when none came. Filter by event and by outcome; page with starting_after. Only the caller's tenant.
         *
         *     Required scope: `webhooks:manage`.
         */
        get: operations["webhooks.deliveries"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/webhooks/{id}/deliveries/{deliveryId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Get a delivery
         * @description One delivery with the exact headers and body that were sent and the first 1,024 bytes of the answer.
         *
         *     Required scope: `webhooks:manage`.
         */
        get: operations["webhooks.delivery"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/webhooks/{id}/deliveries/{deliveryId}/redeliver": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Redeliver
         * @description Sends a delivery's exact body again, at once, as a new delivery with its own id and signatures (it never happens on its own). 400 when the webhook is paused. The answer is the new delivery, under way.
         *
         *     Required scope: `webhooks:manage`.
         */
        post: operations["webhooks.redeliver"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/webhooks/{id}/resend": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Send an event to a webhook
         * @description Sends an event of GET /events (by its id) to this webhook, at once, as a new delivery with the event's exact payload, whether or not the webhook was sent it before or subscribes to it: how a receiver gets an event it missed. 400 when the webhook is paused. The answer is the new delivery, under way.
         *
         *     Required scope: `webhooks:manage`.
         */
        post: operations["webhooks.resend"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/events": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List events
         * @description The tenant's events, with the exact payload each webhook delivery carries: record, flow and approval events. Newest first; or, with `after` set to an event's id or a `next_cursor`, in that cursor's order — from an event id, oldest first, so that a receiver that was down replays what it missed and then polls for what comes next. Paging is stable while writes go on: no event is skipped or repeated across pages. A credential sees the events of records it may read (its key's objects, its role, a token's read scopes; tokens also need events:read); the others are absent, not redacted. Kept EVENTS_RETENTION_DAYS days (30).
         *
         *     Required scope: `events:read`.
         */
        get: operations["events.list"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/events/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Get an event
         * @description One event by id (the x-service-event-id header of its deliveries), with its exact payload. A credential sees the events of records it may read (its key's objects, its role, a token's read scopes; tokens also need events:read); the others are absent, not redacted. Kept EVENTS_RETENTION_DAYS days (30).
         *
         *     Required scope: `events:read`.
         */
        get: operations["events.get"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/audit-log": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List the audit log
         * @description Who changed the company's configuration and access, when and from where: API keys, apps and agent connections, OAuth grants and revocations, webhooks, objects, fields, roles, users and their sign-ins, widgets, flows and approval processes. Newest first; page with starting_after. Entries are written with the change itself and never hold a secret. Admins' unrestricted credentials only: not a key limited to some objects; tokens need audit:read.
         *
         *     Required scope: `audit:read`.
         */
        get: operations["audit.list"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/request-log": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List the request log
         * @description Every authenticated API and MCP request of the company: when, with which credential (API key, OAuth app or agent connection, Try it), method, path or MCP tool, status, duration, request id, caller address and error code. Newest first; page with starting_after. Find the line of an error with its body's `requestId`. Lines are written in batches a moment after their request and kept REQUEST_LOG_RETENTION_DAYS days (7), at most REQUEST_LOG_MAX_PER_TENANT (1,000,000). Admins' unrestricted credentials only: not a key limited to some objects; tokens need audit:read.
         *
         *     Required scope: `audit:read`.
         */
        get: operations["requestLog.list"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/events/stream": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Stream events
         * @description Server-Sent Events of the tenant's events as they commit, in the order of GET /events: `id:` the event's id, `event:` its type, `data:` the exact payload its webhook deliveries carry. With Last-Event-ID (what a client last received) or `after`, the events missed since are sent first, then it goes live; without either it starts live. A comment (`: heartbeat`) every 15 seconds; the stream ends after an hour, or when the credential is revoked: reconnect with Last-Event-ID. The same access as GET /events. Opening counts once against the rate limit; at most 5 streams per credential at once (more: 429 with Retry-After).
         *
         *     Required scope: `events:read`.
         */
        get: operations["events.stream"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
}
export interface webhooks {
    "record.created": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * record.created delivered
         * @description POSTed to every active webhook subscribed to the event, at once and without blocking the change, within 4 seconds, never retried. Verify the signature on the raw body before parsing it, in constant time.
         */
        post: operations["event.record.created"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "record.updated": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * record.updated delivered
         * @description POSTed to every active webhook subscribed to the event, at once and without blocking the change, within 4 seconds, never retried. Verify the signature on the raw body before parsing it, in constant time.
         */
        post: operations["event.record.updated"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "flow.enrolled": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * flow.enrolled delivered
         * @description POSTed to every active webhook subscribed to the event, at once and without blocking the change, within 4 seconds, never retried. Verify the signature on the raw body before parsing it, in constant time.
         */
        post: operations["event.flow.enrolled"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "flow.message_sent": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * flow.message_sent delivered
         * @description POSTed to every active webhook subscribed to the event, at once and without blocking the change, within 4 seconds, never retried. Verify the signature on the raw body before parsing it, in constant time.
         */
        post: operations["event.flow.message_sent"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "flow.replied": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * flow.replied delivered
         * @description POSTed to every active webhook subscribed to the event, at once and without blocking the change, within 4 seconds, never retried. Verify the signature on the raw body before parsing it, in constant time.
         */
        post: operations["event.flow.replied"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "flow.step_completed": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * flow.step_completed delivered
         * @description POSTed to every active webhook subscribed to the event, at once and without blocking the change, within 4 seconds, never retried. Verify the signature on the raw body before parsing it, in constant time.
         */
        post: operations["event.flow.step_completed"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "flow.completed": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * flow.completed delivered
         * @description POSTed to every active webhook subscribed to the event, at once and without blocking the change, within 4 seconds, never retried. Verify the signature on the raw body before parsing it, in constant time.
         */
        post: operations["event.flow.completed"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "approval.requested": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * approval.requested delivered
         * @description POSTed to every active webhook subscribed to the event, at once and without blocking the change, within 4 seconds, never retried. Verify the signature on the raw body before parsing it, in constant time.
         */
        post: operations["event.approval.requested"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "approval.approved": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * approval.approved delivered
         * @description POSTed to every active webhook subscribed to the event, at once and without blocking the change, within 4 seconds, never retried. Verify the signature on the raw body before parsing it, in constant time.
         */
        post: operations["event.approval.approved"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "approval.rejected": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * approval.rejected delivered
         * @description POSTed to every active webhook subscribed to the event, at once and without blocking the change, within 4 seconds, never retried. Verify the signature on the raw body before parsing it, in constant time.
         */
        post: operations["event.approval.rejected"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "webhook.test": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * webhook.test delivered
         * @description POSTed to one webhook when someone sends it a test event (POST /webhooks/{id}/test), within 4 seconds, never retried. Verify the signature on the raw body before parsing it, in constant time.
         */
        post: operations["event.webhook.test"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
}
export interface components {
    schemas: {
        Error: {
            /** @description What went wrong; for scope violations the spec's identifier, e.g. errors.apiKeyReadOnly */
            error: string;
            /** @description What went wrong as a sentence for people and agents (equal to `error` when that is already one) */
            message?: string;
            /** @enum {string} */
            code?: "invalid_request" | "unauthenticated" | "invalid_credential" | "api_key_read_only" | "api_key_object_denied" | "api_key_delete_denied" | "permission_denied" | "insufficient_scope" | "link_invalid" | "cross_origin_request" | "not_found" | "method_not_allowed" | "conflict" | "payload_too_large" | "unsupported_media_type" | "rate_limited" | "email_cap_reached" | "internal" | "service_unavailable" | "database_busy" | "storage_unavailable" | "rate_limiter_unavailable";
            details?: {
                path?: string;
                message?: string;
            }[];
            requestId?: string;
        };
        ObjectList: {
            data: components["schemas"]["ObjectSummary"][];
        };
        ObjectSummary: {
            apiName: string;
            label: string;
            custom: boolean;
        };
        Object: {
            apiName: string;
            label: string;
            pluralLabel: string;
            description: string;
            custom: boolean;
            fields: components["schemas"]["Field"][];
        };
        Field: {
            apiName: string;
            label: string;
            /** @enum {string} */
            type: "text" | "textarea" | "email" | "phone" | "url" | "number" | "currency" | "percent" | "date" | "datetime" | "boolean" | "select" | "multiselect" | "lookup" | "formula" | "rollup";
            required: boolean;
            unique: boolean;
            readOnly: boolean;
            custom: boolean;
            options?: {
                value: string;
                label: string;
            }[];
            targetObject?: string;
            formula?: {
                expression: string;
                /** @enum {string} */
                resultType: "number" | "text" | "boolean";
            };
            rollup?: {
                childObject: string;
                childField: string;
                /** @enum {string} */
                aggregate: "count" | "sum" | "min" | "max" | "avg";
                valueField?: string;
            };
            /** @description Currency fields: decimal places (0 to 4, set when the field is created). Currency values are sent as decimal strings or JSON numbers with at most this many decimals, and always returned as decimal strings with exactly this many, e.g. "48000.00" for a scale of 2; a sum, min, max or avg rollup of a currency field uses its scale. */
            scale?: number;
        };
        RecordPage: {
            data: components["schemas"]["Record"][];
            total: number;
            limit: number;
            offset: number;
        };
        /** @description The object's field values by apiName (null when empty; formula and rollup fields computed), plus id and system keys. */
        Record: {
            /** @description uuid */
            id: string;
            owner_id: string | null;
            /** @description ISO 8601 UTC */
            created_at: string;
            /** @description ISO 8601 UTC */
            updated_at: string;
            /** @description Only on trashed records */
            deleted_at?: string;
        } & {
            [key: string]: unknown;
        };
        /** @description Field values by apiName. Unknown, read-only (formula/rollup) and system keys are refused. */
        RecordValues: {
            [key: string]: unknown;
        };
        BulkCreateResult: {
            results: {
                /** @description Position of the item in the request */
                index: number;
                ok: boolean;
                /** @description Present when ok is true */
                id?: string;
                /** @description Present when ok is false: the sentence a single request would answer */
                error?: string;
                /** @description Present when ok is false: always a sentence (error may be an identifier such as errors.apiKeyObjectDenied) */
                message?: string;
                /** @description Present when ok is false: the error's code, as in a single request's error body */
                code?: string;
                /** @description Present when ok is false and fields are at fault: every field's error (path and message), as in a single request's error body */
                details?: {
                    path: string;
                    message: string;
                }[];
                /**
                 * @description With upsertOn, when ok is true: whether the item created a record or updated one
                 * @enum {string}
                 */
                action?: "created" | "updated";
            }[];
            created: number;
            /** @description With upsertOn: how many items updated an existing record */
            updated?: number;
            failed: number;
        };
        BulkUpdateResult: {
            results: {
                /** @description Position of the item in the request */
                index: number;
                ok: boolean;
                /** @description Present when ok is true */
                id?: string;
                /** @description Present when ok is false: the sentence a single request would answer */
                error?: string;
                /** @description Present when ok is false: always a sentence (error may be an identifier such as errors.apiKeyObjectDenied) */
                message?: string;
                /** @description Present when ok is false: the error's code, as in a single request's error body */
                code?: string;
                /** @description Present when ok is false and fields are at fault: every field's error (path and message), as in a single request's error body */
                details?: {
                    path: string;
                    message: string;
                }[];
                /**
                 * @description With upsertOn, when ok is true: whether the item created a record or updated one
                 * @enum {string}
                 */
                action?: "created" | "updated";
            }[];
            updated: number;
            failed: number;
        };
        DataPage: {
            object: string;
            columns: {
                name: string;
                type: string;
            }[];
            page: number;
            pageSize: number;
            total: number;
            rows: {
                [key: string]: unknown;
            }[];
        };
        ActivityPage: {
            data: components["schemas"]["Activity"][];
            total: number;
            limit: number;
            offset: number;
        };
        /** @description A task, call, email, meeting or note on a record of any object. */
        Activity: {
            /** @description uuid */
            id: string;
            /** @enum {string} */
            type: "task" | "call" | "email" | "meeting" | "note";
            subject: string;
            body: string | null;
            /** @description ISO 8601 UTC; when a task or call is due, a meeting starts */
            due_at: string | null;
            /** @description ISO 8601 UTC; null while open */
            completed_at: string | null;
            /** @description What came of it, e.g. a call's result */
            outcome: string | null;
            /** @description The user (id) it is assigned to */
            assignee_id: string | null;
            /** @description The record it belongs to */
            record_id: string;
            /** @description The object of that record */
            objectApiName: string;
            /** @description The user who created it */
            owner_id: string | null;
            /** @description ISO 8601 UTC */
            created_at: string;
            /** @description ISO 8601 UTC */
            updated_at: string;
        };
        ActivityCreate: {
            /**
             * @description task, call, email, meeting or note
             * @enum {string}
             */
            type: "task" | "call" | "email" | "meeting" | "note";
            /** @description A one-line title (at most 255 characters) */
            subject: string;
            /** @description Details, notes or the email's text (at most 20000 characters) */
            body?: string | null;
            /** @description When it is due (ISO 8601 with a time zone) */
            due_at?: string | null;
            /** @description When it was done; omit for an open task */
            completed_at?: string | null;
            /** @description What came of it */
            outcome?: string | null;
            /** @description The user it is assigned to; none when omitted */
            assignee_id?: string | null;
            /**
             * Format: uuid
             * @description The record it belongs to
             */
            record_id: string;
            /** @description The apiName of that record's object, e.g. contact */
            objectApiName: string;
        };
        /** @description Only the fields sent change; the record an activity belongs to never does. */
        ActivityChanges: {
            /**
             * @description Correct the type: task, call, email, meeting or note
             * @enum {string}
             */
            type?: "task" | "call" | "email" | "meeting" | "note";
            /** @description A new one-line title (at most 255 characters) */
            subject?: string;
            /** @description New details (null clears them) */
            body?: string | null;
            /** @description Reschedule (null clears it) */
            due_at?: string | null;
            /** @description true completes it now, false reopens it */
            completed?: boolean;
            /** @description When it was done (null reopens it) */
            completed_at?: string | null;
            /** @description Record the outcome */
            outcome?: string | null;
            /** @description Reassign (null unassigns) */
            assignee_id?: string | null;
        };
        /** @description The lines of one opportunity, oldest first, and their totals. */
        LineItemList: {
            data: components["schemas"]["LineItem"][];
            totals: components["schemas"]["LineItemTotals"];
        };
        /** @description A product line of an opportunity. Every number is an exact decimal string with two decimals. */
        LineItem: {
            /** @description uuid */
            id: string;
            opportunity_id: string;
            product_id: string;
            name: string;
            /** @description Two decimals, e.g. "3.00" */
            quantity: string;
            /** @description Exact decimal with two decimals, e.g. "1234.50" */
            unit_price: string;
            /** @description Percent with two decimals, e.g. "10.00" */
            discount: string;
            /** @description Percent with two decimals, e.g. "20.00" */
            tax: string;
            /** @description Months, for subscriptions */
            term: number | null;
            /** @description quantity × unit_price, less the discount, plus the tax (each step rounded half up to the cent) */
            total: string;
            /** @description ISO 8601 UTC */
            created_at: string;
            /** @description ISO 8601 UTC */
            updated_at: string;
        };
        LineItemTotals: {
            /** @description Sum of quantity × unit_price */
            subtotal: string;
            /** @description Sum of the lines' discounts */
            discount: string;
            /** @description Sum of the lines' taxes */
            tax: string;
            /** @description subtotal − discount + tax: the opportunity's amount */
            total: string;
        };
        LineItemCreate: {
            /**
             * Format: uuid
             * @description The opportunity (a live opportunity record)
             */
            opportunity_id: string;
            /**
             * Format: uuid
             * @description The product (a live product record)
             */
            product_id: string;
            /** @description Defaults to the product's name */
            name?: string;
            /** @description Greater than 0, at most two decimals; 1 when omitted */
            quantity?: string | number;
            /** @description Defaults to the product's price */
            unit_price?: string | number;
            /** @description Percent, 0 to 100; 0 when omitted */
            discount?: string | number;
            /** @description Percent, 0 to 100; defaults to the product's tax rate, else 0 */
            tax?: string | number;
            /** @description Months, 1 to 600 (subscriptions); defaults to the product's term */
            term?: number | null;
        };
        LineItemChangesWithId: {
            /**
             * Format: uuid
             * @description The line to change
             */
            id: string;
            /** @description The line's name */
            name?: string;
            /** @description Greater than 0, at most two decimals */
            quantity?: string | number;
            /** @description The price of one unit */
            unit_price?: string | number;
            /** @description Percent, 0 to 100 */
            discount?: string | number;
            /** @description Percent, 0 to 100 */
            tax?: string | number;
            /** @description Months (null clears it) */
            term?: number | null;
        };
        /** @description Only the fields sent change; the opportunity and the product never do. */
        LineItemChanges: {
            /** @description The line's name */
            name?: string;
            /** @description Greater than 0, at most two decimals */
            quantity?: string | number;
            /** @description The price of one unit */
            unit_price?: string | number;
            /** @description Percent, 0 to 100 */
            discount?: string | number;
            /** @description Percent, 0 to 100 */
            tax?: string | number;
            /** @description Months (null clears it) */
            term?: number | null;
        };
        AttachmentPage: {
            data: components["schemas"]["Attachment"][];
            total: number;
            limit: number;
            offset: number;
        };
        /** @description A file attached to a record. Its bytes are reached only through a signed, expiring downloadUrl. */
        Attachment: {
            /** @description uuid */
            id: string;
            recordId: string;
            objectApiName: string;
            fileName: string;
            contentType: string;
            /** @description Bytes */
            size: number;
            /** @description The user (id) who registered it */
            createdBy: string;
            /** @description ISO 8601 UTC */
            created_at: string;
        };
        AttachmentUploadRequest: {
            /**
             * Format: uuid
             * @description The record the file is for
             */
            recordId: string;
            /** @description The apiName of the record's object, e.g. contact */
            objectApiName: string;
            /** @description The file's name (at most 255 characters); path separators and control characters are replaced */
            fileName: string;
            /** @description The file's media type, e.g. application/pdf; the upload must send exactly this Content-Type */
            contentType: string;
            /** @description The file's size in bytes, at most ATTACHMENT_MAX_BYTES (26214400 unless configured); the upload must send exactly this many */
            size: number;
        };
        /** @description Where and how to upload the file (step 2), and the key to register it with (step 3). */
        AttachmentUploadTicket: {
            /** @description Where to PUT the file's bytes (step 2); signed, valid until expiresAt */
            uploadUrl: string;
            /** @constant */
            method: "PUT";
            /** @description Headers the PUT must send, exactly (the signature covers them) */
            headers: {
                [key: string]: string;
            };
            /** @description Give it to step 3 (POST /attachments) */
            storageKey: string;
            /** @description ISO 8601 UTC; when uploadUrl stops working */
            expiresAt: string;
        };
        AttachmentRegistration: {
            /**
             * Format: uuid
             * @description The record given in step 1
             */
            recordId: string;
            /** @description The apiName of the record's object, e.g. contact */
            objectApiName: string;
            /** @description The storageKey step 1 (POST /attachments/upload-url) answered */
            storageKey: string;
            /** @description The file's name (at most 255 characters); path separators and control characters are replaced */
            fileName: string;
            /** @description The file's media type, e.g. application/pdf; the upload must send exactly this Content-Type */
            contentType: string;
            /** @description The file's size in bytes, at most ATTACHMENT_MAX_BYTES (26214400 unless configured); the upload must send exactly this many */
            size: number;
        };
        AttachmentWithDownload: {
            /** @description uuid */
            id: string;
            recordId: string;
            objectApiName: string;
            fileName: string;
            contentType: string;
            /** @description Bytes */
            size: number;
            /** @description The user (id) who registered it */
            createdBy: string;
            /** @description ISO 8601 UTC */
            created_at: string;
            /** @description A signed GET URL that downloads the file (as an attachment); valid 5 minutes */
            downloadUrl: string;
            /** @description ISO 8601 UTC; 5 minutes after the answer */
            expiresAt: string;
        };
        ImportPreview: {
            /** @description The file's columns in order, each with the field the mapping (or matching by apiName or label) gives it */
            columns: {
                header: string;
                /** @description The field it fills; null: left out */
                field: string | null;
            }[];
            /** @description The first data rows (at most 10), tried with the same checks as the import, and nothing kept */
            rows: {
                /** @description The line the row starts on in the file (the header is line 1) */
                row: number;
                cells: string[];
                /** @description Whether the import would write it (create, or with upsert create or update) */
                ok: boolean;
                /** @description When ok is false: the sentence the import would give it */
                error?: string;
            }[];
        };
        /** @description A CSV import into one object: its rows are written in batches of 500 through the same checks as bulk creates and upserts. */
        Import: {
            /** @description uuid */
            id: string;
            /** @description The apiName of the object the rows become records of */
            object: string;
            /**
             * @description queued → running → done; failed when it could not go on (see error); cancelled by POST …/cancel, before its next batch
             * @enum {string}
             */
            status: "queued" | "running" | "done" | "failed" | "cancelled";
            /** @enum {string} */
            mode: "create" | "upsert";
            upsertOn: string | null;
            /** @description Data rows in the file (the header excluded), counted when the import was accepted */
            total: number;
            /** @description Rows done so far (created + updated + failed), in the file's order */
            processed: number;
            created: number;
            updated: number;
            /** @description Rows not written; errors_url lists them with the reason */
            failed: number;
            /** @description Why a failed import stopped; null otherwise */
            error: string | null;
            /** @description GET it for the failed rows as CSV: the file's columns, then row (its line in the file) and error */
            errors_url: string;
            /** @description ISO 8601 UTC */
            created_at: string;
            /** @description When the job started on it (ISO 8601 UTC); with processed and total, the time left */
            started_at: string | null;
            /** @description When it became done, failed or cancelled (ISO 8601 UTC) */
            finished_at: string | null;
        };
        ImportPage: {
            data: components["schemas"]["Import"][];
            total: number;
            limit: number;
            offset: number;
        };
        InventoryPage: {
            data: components["schemas"]["InventoryItem"][];
            total: number;
            limit: number;
            offset: number;
        };
        /** @description Stock of one product. Quantities are exact decimal strings with two decimals. */
        InventoryItem: {
            product_id: string;
            /** @description The product's name */
            name: string;
            sku: string | null;
            /** @description In stock */
            on_hand: string;
            /** @description Low stock at or below this available quantity; null: never low */
            reorder_level: string | null;
            /** @description The quantities on line items of open opportunities (not closed won or lost, not in the trash) */
            committed: string;
            /** @description on_hand − committed (negative when more is promised than held) */
            available: string;
            /** @description available ≤ reorder_level */
            low_stock: boolean;
            /** @description When the stock was last adjusted; null if never */
            updated_at: string | null;
        };
        StockAdjustment: {
            /**
             * Format: uuid
             * @description The product (a live product record)
             */
            product_id: string;
            /**
             * @description set: on hand becomes quantity; add: on hand changes by quantity
             * @enum {string}
             */
            operation: "set" | "add";
            /** @description The new on-hand quantity (set, 0 or more) or the change (add; negative removes stock) */
            quantity: string | number;
            /** @description Why, kept in the movement log (at most 500 characters) */
            reason: string;
        };
        InventorySettings: {
            /** @description Low stock at or below this available quantity; null: never low */
            reorder_level: (string | number) | null;
        };
        StockMovementPage: {
            data: components["schemas"]["StockMovement"][];
            total: number;
            limit: number;
            offset: number;
        };
        StockMovement: {
            id: string;
            product_id: string;
            /** @enum {string} */
            operation: "set" | "add";
            /** @description Exact decimal with two decimals, e.g. "40.00" */
            quantity: string;
            /** @description Exact decimal with two decimals, e.g. "40.00" */
            on_hand_after: string;
            reason: string;
            /** @description The user (id) who adjusted it */
            created_by: string;
            /** @description ISO 8601 UTC */
            created_at: string;
        };
        MarketingEmailRequest: {
            /**
             * Format: uuid
             * @description The contact or lead to email
             */
            recordId: string;
            /**
             * @description contact or lead
             * @enum {string}
             */
            objectApiName: "contact" | "lead";
            /** @description One line; merge fields such as {{first_name}} are filled from the record */
            subject: string;
            /** @description HTML (sanitised: no script, style or form) or plain text (paragraphs kept); merge fields such as {{first_name}} are filled from the record, escaped. An unsubscribe footer is added */
            body: string;
        };
        MarketingEmail: {
            /** @description uuid of the message in the email log */
            id: string;
            /** @description The Message-ID header it carries */
            messageId: string;
            to: string;
            /** @description With the merge fields filled */
            subject: string;
            /**
             * @description queued: handed to the SMTP server (SMTP_URL) within seconds; stored: no SMTP server is configured, the message is kept in Settings → Email, not sent
             * @enum {string}
             */
            state: "queued" | "stored";
            /** @description ISO 8601 UTC */
            created_at: string;
        };
        /** @description A cadence: ordered email, wait and task steps run for each enrolled contact or lead. */
        Flow: {
            /** @description uuid */
            id: string;
            name: string;
            /**
             * @description What it enrolls: contact or lead
             * @enum {string}
             */
            objectApiName: "contact" | "lead";
            /**
             * @description active: steps run and records can be enrolled; paused: nothing runs, enrollments wait
             * @enum {string}
             */
            status: "paused" | "active";
            /** @description Run in order for each enrolled record */
            steps: ({
                /** @constant */
                type: "email";
                /** @description One line; merge fields such as {{first_name}} are filled from the record */
                subject: string;
                /** @description HTML or plain text, with merge fields; sanitised, with an unsubscribe footer */
                body: string;
            } | {
                /** @constant */
                type: "wait";
                minutes: number;
            } | {
                /** @constant */
                type: "task";
                /** @description The task's title */
                subject: string;
                /** @description Details */
                body?: string;
                /**
                 * @description Due this many days after the step runs
                 * @default 0
                 */
                dueInDays: number;
            })[];
            /** @description Records going through it now */
            activeEnrollments: number;
            /** @description ISO 8601 UTC */
            created_at: string;
            /** @description ISO 8601 UTC */
            updated_at: string;
        };
        FlowEnrollmentRequest: {
            /**
             * Format: uuid
             * @description The record to enroll
             */
            recordId: string;
        };
        /** @description A record going through a flow. */
        FlowEnrollment: {
            /** @description uuid */
            id: string;
            flowId: string;
            objectApiName: string;
            recordId: string;
            /**
             * @description active, completed (every step ran) or stopped (see endReason)
             * @enum {string}
             */
            status: "active" | "completed" | "stopped";
            /** @description The step it is at (1-based); past the last step once completed */
            step: number;
            /** @description When that step runs (ISO 8601 UTC); null once ended */
            dueAt: string | null;
            /** @description Why it ended; null while active */
            endReason: ("finished" | "stopped" | "replied" | "unsubscribed" | "no_email_address" | "record_deleted" | "failed") | null;
            /** @description The user who enrolled the record */
            enrolledById: string | null;
            /** @description ISO 8601 UTC */
            created_at: string;
            /** @description ISO 8601 UTC */
            ended_at: string | null;
        };
        FlowEnrollmentPage: {
            data: components["schemas"]["FlowEnrollment"][];
            total: number;
            limit: number;
            offset: number;
        };
        ApprovalPage: {
            data: components["schemas"]["Approval"][];
            total: number;
            limit: number;
            offset: number;
        };
        /** @description An approval request with its subject record and what it locks. */
        Approval: {
            /** @description The request's id (uuid) */
            id: string;
            /**
             * @description pending until an approver decides; approved and rejected are final
             * @enum {string}
             */
            status: "pending" | "approved" | "rejected";
            /** @description The user whose change or submission opened it (uuid); null for the server's own writes */
            requestedBy: string | null;
            /** @description The users who may decide (uuids): the process's approver, or everyone with its role when it was requested */
            approvers: string[];
            /** @description The approver who decided (uuid); null while pending */
            decidedBy: string | null;
            /** @description The approver's comment with the decision */
            comment: string | null;
            /** @description When it was requested (ISO 8601 UTC) */
            created_at: string;
            /** @description When it was decided (ISO 8601 UTC); null while pending */
            decided_at: string | null;
            /** @description The subject record's object */
            objectApiName: string;
            /** @description The subject record (uuid) */
            recordId: string;
            /** @description The approval process that asked for it */
            processName: string | null;
            /** @description The fields that refuse changes while it is pending; null: the whole record */
            lockedFields: string[] | null;
            /** @description The requested change: the record's values of the locked (or condition) fields when it was requested */
            requested: {
                [key: string]: unknown;
            };
        };
        ApprovalDecision: {
            /** @description Why, for the requester and the record's history */
            comment?: string;
        };
        /** @description A webhook (spec 2.7). Its signing secret is returned once, when it is created. */
        Webhook: {
            id: string;
            url: string;
            events: string[];
            /** @description false while paused */
            active: boolean;
            created_at: string;
            /** @description Who created it */
            created_by: {
                id: string;
                name: string;
            };
            /** @description The result of its latest delivery, null before the first */
            last_delivery: {
                status: number | null;
                error: ("timeout" | "dns_failure" | "refused_destination" | "connection_error" | "tls_error" | "redirect_not_followed" | "interrupted") | null;
                created_at: string;
            } | null;
        };
        CreatedWebhook: {
            id: string;
            url: string;
            events: string[];
            /** @description false while paused */
            active: boolean;
            created_at: string;
            /** @description Who created it */
            created_by: {
                id: string;
                name: string;
            };
            /** @description The result of its latest delivery, null before the first */
            last_delivery: {
                status: number | null;
                error: ("timeout" | "dns_failure" | "refused_destination" | "connection_error" | "tls_error" | "redirect_not_followed" | "interrupted") | null;
                created_at: string;
            } | null;
            /** @description The signing secret (whsec_...): shown this once and never again. A lost one is replaced with rotate-secret */
            secret: string;
        };
        /** @description A webhook's new signing secret, and the end of the one it replaced. */
        RotatedWebhookSecret: {
            /** @description The new signing secret (whsec_...): shown this once and never again */
            secret: string;
            /** @description Until when (24 hours from now) the replaced secret still signs: meanwhile webhook-signature carries a v1 signature per secret, space-separated, and x-service-signature the new one's only. A secret replaced earlier stops at once */
            previous_secret_expires_at: string;
        };
        /** @description A delivery with the request as sent and the start of the answer. */
        WebhookDeliveryDetail: {
            /** @description The delivery's id (uuid), sent as x-service-delivery and webhook-id */
            id: string;
            webhookId: string;
            /** @description The event name */
            event: string;
            /** @description The receiver's response status; null when none came */
            status: number | null;
            /** @description Why it failed when no status tells: timeout (4 s), dns_failure, refused_destination (not a public address), connection_error, tls_error, redirect_not_followed (beside a 3xx status), interrupted (the sending instance stopped first; it may have been received). Both status and error are null while the attempt is under way */
            error: ("timeout" | "dns_failure" | "refused_destination" | "connection_error" | "tls_error" | "redirect_not_followed" | "interrupted") | null;
            /** @description How long the attempt took */
            duration_ms: number | null;
            created_at: string;
            /** @description The delivery this one sent again, for a manual redelivery */
            redelivery_of: string | null;
            /** @description The failure in words */
            error_detail: string | null;
            request: {
                /** @description The headers exactly as sent; null if it was never sent */
                headers: {
                    [key: string]: string;
                } | null;
                /** @description The body exactly as sent (and signed) */
                body: string;
            };
            response: {
                /** @description The first 1,024 bytes of the receiver's answer */
                head: string | null;
            };
        };
        WebhookDeliveryPage: {
            data: components["schemas"]["WebhookDelivery"][];
            /** @description Whether older deliveries follow; pass the last id as starting_after */
            has_more: boolean;
        };
        /** @description One attempt to deliver one event to one webhook. There is never an automatic retry. */
        WebhookDelivery: {
            /** @description The delivery's id (uuid), sent as x-service-delivery and webhook-id */
            id: string;
            webhookId: string;
            /** @description The event name */
            event: string;
            /** @description The receiver's response status; null when none came */
            status: number | null;
            /** @description Why it failed when no status tells: timeout (4 s), dns_failure, refused_destination (not a public address), connection_error, tls_error, redirect_not_followed (beside a 3xx status), interrupted (the sending instance stopped first; it may have been received). Both status and error are null while the attempt is under way */
            error: ("timeout" | "dns_failure" | "refused_destination" | "connection_error" | "tls_error" | "redirect_not_followed" | "interrupted") | null;
            /** @description How long the attempt took */
            duration_ms: number | null;
            created_at: string;
        };
        EventPage: {
            data: components["schemas"]["Event"][];
            /** @description Pass as `after` for the next page, in the same order. Oldest first (`after` given): never null, so that polling with it returns the events committed since. Newest first: null on the last page */
            next_cursor: string | null;
            /** @description Whether more events follow in this order now */
            has_more: boolean;
        };
        /** @description An event of the tenant, as its webhooks are sent it. Kept EVENTS_RETENTION_DAYS days (30). */
        Event: {
            /** @description The event's id (uuid): the x-service-event-id header of its webhook deliveries, and a cursor for `after` (the events after it) */
            id: string;
            /**
             * @description The event name
             * @enum {string}
             */
            type: "record.created" | "record.updated" | "flow.enrolled" | "flow.message_sent" | "flow.replied" | "flow.step_completed" | "flow.completed" | "approval.requested" | "approval.approved" | "approval.rejected" | "webhook.test";
            /** @description The object of the record it concerns (null for webhook.test) */
            objectApiName: string | null;
            /** @description The record it concerns (null for webhook.test) */
            recordId: string | null;
            /** @description When the change it describes was saved (ISO 8601 UTC) */
            created_at: string;
            /** @description The body its webhook deliveries carry, key for key (see the OpenAPI `webhooks` section for each type) */
            payload: {
                [key: string]: unknown;
            };
        };
        AuditLogPage: {
            data: components["schemas"]["AuditEntry"][];
            /** @description Whether older entries follow; pass the last id as starting_after */
            has_more: boolean;
        };
        AuditEntry: {
            /** Format: uuid */
            id: string;
            /** @description When the change was committed (the entry is written in its transaction) */
            created_at: unknown;
            /**
             * @description What happened, `<target>.<verb>`
             * @enum {string}
             */
            action: "api_key.created" | "api_key.revoked" | "app.registered" | "app.published" | "app.secret_rotated" | "app.installed" | "app.uninstalled" | "agent.connected" | "agent.revoked" | "agent_connections.allowed" | "agent_connections.forbidden" | "oauth_token.revoked" | "widget.declared" | "widget.removed" | "webhook.created" | "webhook.updated" | "webhook.paused" | "webhook.resumed" | "webhook.secret_rotated" | "webhook.deleted" | "object.created" | "object.updated" | "object.archived" | "field.created" | "field.updated" | "field.archived" | "role.permission_changed" | "user.invited" | "user.role_changed" | "user.deactivated" | "user.reactivated" | "user.password_reset" | "user.joined" | "user.reset_link_used" | "user.signed_out_everywhere" | "user.signed_in" | "user.sign_in_failed" | "flow.created" | "flow.updated" | "flow.activated" | "flow.paused" | "approval_process.saved" | "approval_process.deleted";
            /** @description Who did it: the user the credential acts as, and their email at the time */
            actor: {
                id: string | null;
                email: string | null;
            };
            /** @description How they were signed in */
            credential: {
                /** @enum {string} */
                kind: "session" | "api_key" | "oauth" | "system";
                /** @description The API key's id, or the OAuth token family's; null for the browser */
                id: string | null;
                /** @description The API key's name, or the OAuth app's */
                name: string | null;
            };
            /** @description The client's address as the server saw it */
            ip: string | null;
            /** @description What was changed */
            target: {
                type: string;
                id: string | null;
                label: string | null;
            };
            /** @description What changed, without any secret */
            details: {
                [key: string]: unknown;
            };
        };
        RequestLogPage: {
            data: components["schemas"]["RequestLogLine"][];
            /** @description Whether older lines may follow */
            has_more: boolean;
            /** @description Pass as starting_after for the next page. A page examines at most 20,000 lines for the status, path and since filters, so with those it may hold fewer lines than asked (even none) and still have more after it */
            next_starting_after: string | null;
        };
        RequestLogLine: {
            /**
             * Format: uuid
             * @description The line's id: its request's id
             */
            id: string;
            /** @description When the request was answered */
            created_at: unknown;
            /**
             * Format: uuid
             * @description The answer's X-Request-Id, which every error body also carries as `requestId`
             */
            request_id: string;
            /** @description The HTTP method */
            method: string;
            /** @description The path, without the query string (MCP: /api/mcp) */
            path: string;
            /** @description MCP: the tool a tools/call ran, or the JSON-RPC method of another message */
            tool: string | null;
            /** @description The HTTP status; for an MCP tool call (always answered 200), the status its REST twin would have answered */
            status: number;
            /** @description From the request's arrival to its answer (for the event stream, to its opening) */
            duration_ms: number;
            /** @description The credential the request was authenticated with */
            credential: {
                /**
                 * @description session: the API reference's Try it, as the signed-in user
                 * @enum {string}
                 */
                kind: "api_key" | "oauth" | "session";
                /** @description The API key's id, or the OAuth token family's; null for a session */
                id: string | null;
                /** @description The API key's name, or the OAuth app's (agent connection's) */
                name: string | null;
            };
            /** @description The OAuth app (or agent connection) of a token */
            app_id: string | null;
            /** @description The user the credential acts as */
            user_id: string | null;
            /** @description The client's address as the server saw it */
            ip: string | null;
            /** @description The error body's `code` when the request failed (not_found, rate_limited, …) */
            error_code: string | null;
        };
        /** @description A record was created (one event per record, bulk creates included). */
        RecordCreatedEvent: {
            /** @constant */
            event: "record.created";
            /** @description The organization (tenant) the event belongs to (uuid) */
            tenantId: string;
            /** @description When the change was saved: ISO 8601 UTC with milliseconds. For record events, the record's updated_at */
            timestamp: string;
            /** @description apiName of the record's object */
            objectApiName: string;
            /** @description The record's id (uuid) */
            recordId: string;
            /** @description The record as the API returns it after the change (formula and rollup fields computed) */
            data: components["schemas"]["Record"];
        };
        /** @description A record was updated or restored from the trash (one event per record, bulk updates included). */
        RecordUpdatedEvent: {
            /** @constant */
            event: "record.updated";
            /** @description The organization (tenant) the event belongs to (uuid) */
            tenantId: string;
            /** @description When the change was saved: ISO 8601 UTC with milliseconds. For record events, the record's updated_at */
            timestamp: string;
            /** @description apiName of the record's object */
            objectApiName: string;
            /** @description The record's id (uuid) */
            recordId: string;
            /** @description The record as the API returns it after the change (formula and rollup fields computed) */
            data: components["schemas"]["Record"];
            changes: components["schemas"]["RecordChanges"];
        };
        /** @description The fields whose stored value this update changed, by apiName, each with its value before and after in the record's API format. A field sent with its current value is not listed; neither are system keys (updated_at, ...) nor formula and rollup fields, whose values are computed on read and change without any update of the record (see data for their current values). Empty when no value changed, e.g. when the record was restored from the trash. */
        RecordChanges: {
            [key: string]: {
                /** @description The value before the update, null when empty */
                from: unknown;
                /** @description The value after it, null when empty */
                to: unknown;
            };
        };
        /** @description A contact or lead was enrolled in a flow (Settings, the record page, a list selection or POST /flows/{id}/enrollments). */
        FlowEnrolledEvent: {
            /** @constant */
            event: "flow.enrolled";
            /** @description The organization (tenant) the event belongs to (uuid) */
            tenantId: string;
            /** @description When the change was saved: ISO 8601 UTC with milliseconds. For record events, the record's updated_at */
            timestamp: string;
            /** @description The flow's id (uuid) */
            flowId: string;
            /** @description The flow's name when the event happened */
            flowName: string;
            /** @description The enrollment of the record in the flow (uuid) */
            enrollmentId: string;
            /** @description contact or lead */
            objectApiName: string;
            /** @description The enrolled record's id (uuid) */
            recordId: string;
            /** @description The enrolled record as the API returns it */
            data: components["schemas"]["Record"];
            meta: {
                /** @description The step it starts at: 1 */
                step: number;
                /** @description When that step runs (ISO 8601 UTC): at once, or after the wait when the flow starts with one */
                dueAt: string;
                /** @description The user who enrolled the record (uuid) */
                enrolledById: string | null;
            };
        };
        /** @description An email step of a flow put its message in the outbox, for the enrolled person. */
        FlowMessageSentEvent: {
            /** @constant */
            event: "flow.message_sent";
            /** @description The organization (tenant) the event belongs to (uuid) */
            tenantId: string;
            /** @description When the change was saved: ISO 8601 UTC with milliseconds. For record events, the record's updated_at */
            timestamp: string;
            /** @description The flow's id (uuid) */
            flowId: string;
            /** @description The flow's name when the event happened */
            flowName: string;
            /** @description The enrollment of the record in the flow (uuid) */
            enrollmentId: string;
            /** @description contact or lead */
            objectApiName: string;
            /** @description The enrolled record's id (uuid) */
            recordId: string;
            /** @description The enrolled record as the API returns it */
            data: components["schemas"]["Record"];
            meta: {
                /** @description The step's number in the flow (1-based) */
                step: number;
                /** @description The email's Message-ID header, with its angle brackets: a reply names it in In-Reply-To */
                messageId: string;
                /** @description The email's id in the email log (uuid) */
                emailId: string;
                /** @description The address it went to */
                to: string;
                /** @description The subject, merge fields filled */
                subject: string;
                /**
                 * @description queued: in the outbox, handed to the SMTP server within seconds; stored: no SMTP server is configured, kept unsent
                 * @enum {string}
                 */
                state: "queued" | "stored";
            };
        };
        /** @description The enrolled person replied to a flow's email (matched by In-Reply-To/References at POST /api/v1/email/inbound); the enrollment stops, and flow.completed follows. */
        FlowRepliedEvent: {
            /** @constant */
            event: "flow.replied";
            /** @description The organization (tenant) the event belongs to (uuid) */
            tenantId: string;
            /** @description When the change was saved: ISO 8601 UTC with milliseconds. For record events, the record's updated_at */
            timestamp: string;
            /** @description The flow's id (uuid) */
            flowId: string;
            /** @description The flow's name when the event happened */
            flowName: string;
            /** @description The enrollment of the record in the flow (uuid) */
            enrollmentId: string;
            /** @description contact or lead */
            objectApiName: string;
            /** @description The enrolled record's id (uuid) */
            recordId: string;
            /** @description The enrolled record as the API returns it */
            data: components["schemas"]["Record"];
            meta: {
                /** @description The email step whose message was answered */
                step: number;
                /** @description Our message's Message-ID, which the reply named */
                messageId: string;
                /** @description The reply's own Message-ID */
                replyMessageId: string | null;
                /** @description The reply's From address */
                from: string | null;
                /** @description The reply's subject */
                subject: string | null;
                /** @description When the reply came in (ISO 8601 UTC) */
                receivedAt: string;
            };
        };
        /** @description A step of a flow ran for an enrolled record (an email step right after flow.message_sent; a wait step when the wait ended). */
        FlowStepCompletedEvent: {
            /** @constant */
            event: "flow.step_completed";
            /** @description The organization (tenant) the event belongs to (uuid) */
            tenantId: string;
            /** @description When the change was saved: ISO 8601 UTC with milliseconds. For record events, the record's updated_at */
            timestamp: string;
            /** @description The flow's id (uuid) */
            flowId: string;
            /** @description The flow's name when the event happened */
            flowName: string;
            /** @description The enrollment of the record in the flow (uuid) */
            enrollmentId: string;
            /** @description contact or lead */
            objectApiName: string;
            /** @description The enrolled record's id (uuid) */
            recordId: string;
            /** @description The enrolled record as the API returns it */
            data: components["schemas"]["Record"];
            meta: {
                /** @description The step's number in the flow (1-based) */
                step: number;
                /**
                 * @description The kind of step
                 * @enum {string}
                 */
                type: "email" | "wait" | "task";
                /** @description When the step was due (ISO 8601 UTC); the event's timestamp is when it ran */
                dueAt: string;
                /** @description Email steps: the message's Message-ID */
                messageId?: string;
                /** @description Task steps: the task (activity) created (uuid) */
                activityId?: string;
                /** @description Wait steps: how long it waited */
                minutes?: number;
            };
        };
        /** @description An enrollment ended: every step ran, or it stopped (meta.reason says why). */
        FlowCompletedEvent: {
            /** @constant */
            event: "flow.completed";
            /** @description The organization (tenant) the event belongs to (uuid) */
            tenantId: string;
            /** @description When the change was saved: ISO 8601 UTC with milliseconds. For record events, the record's updated_at */
            timestamp: string;
            /** @description The flow's id (uuid) */
            flowId: string;
            /** @description The flow's name when the event happened */
            flowName: string;
            /** @description The enrollment of the record in the flow (uuid) */
            enrollmentId: string;
            /** @description contact or lead */
            objectApiName: string;
            /** @description The enrolled record's id (uuid) */
            recordId: string;
            /** @description The enrolled record as the API returns it */
            data: components["schemas"]["Record"];
            meta: {
                /**
                 * @description finished: every step ran; stopped: someone stopped it; replied: the person replied to a flow email; unsubscribed: they unsubscribed (at once), or an email step found them unsubscribed; no_email_address: an email step found no valid address; record_deleted: the record went to the trash; failed: a step could not run (see error)
                 * @enum {string}
                 */
                reason: "finished" | "stopped" | "replied" | "unsubscribed" | "no_email_address" | "record_deleted" | "failed";
                /** @description The step it ended at, for unsubscribed, no_email_address and failed */
                step?: number;
                /** @description failed: why */
                error?: string;
                /** @description stopped: the user who stopped it (uuid) */
                stoppedById?: string;
            };
        };
        /** @description An approval request was opened for a record (approval.requested: it entered its object's approval condition, or was submitted), or decided (approval.approved, approval.rejected). */
        ApprovalEvent: {
            /** @enum {string} */
            event: "approval.requested" | "approval.approved" | "approval.rejected";
            /** @description The organization (tenant) the event belongs to (uuid) */
            tenantId: string;
            /** @description When the change was saved: ISO 8601 UTC with milliseconds. For record events, the record's updated_at */
            timestamp: string;
            /** @description apiName of the object of the record submitted for approval (the subject) */
            objectApiName: string;
            /** @description The id of the record submitted for approval (the subject, uuid) */
            recordId: string;
            /**
             * @description The request's status after the event: pending for approval.requested, approved or rejected for the decisions
             * @enum {string}
             */
            status: "pending" | "approved" | "rejected";
            /** @description The approval request after the event */
            request: components["schemas"]["ApprovalRequest"];
            /** @description The record the request is about */
            subject: {
                /** @description apiName of the record's object */
                objectApiName: string;
                /** @description The record's id (uuid) */
                recordId: string;
                /** @description The record as the API returns it when the event happened */
                data: components["schemas"]["Record"];
            };
        };
        /** @description A request for approval of a record. */
        ApprovalRequest: {
            /** @description The request's id (uuid) */
            id: string;
            /**
             * @description pending until an approver decides; approved and rejected are final
             * @enum {string}
             */
            status: "pending" | "approved" | "rejected";
            /** @description The user whose change or submission opened it (uuid); null for the server's own writes */
            requestedBy: string | null;
            /** @description The users who may decide (uuids): the process's approver, or everyone with its role when it was requested */
            approvers: string[];
            /** @description The approver who decided (uuid); null while pending */
            decidedBy: string | null;
            /** @description The approver's comment with the decision */
            comment: string | null;
            /** @description When it was requested (ISO 8601 UTC) */
            created_at: string;
            /** @description When it was decided (ISO 8601 UTC); null while pending */
            decided_at: string | null;
        };
        /** @description Sent by a webhook's "Send test event" (Settings → Webhooks, or POST /api/v1/webhooks/{id}/test) to that webhook only, signed and delivered like any event. Listed by GET /api/v1/events only when asked for with type=webhook.test. */
        WebhookTestEvent: {
            /** @constant */
            event: "webhook.test";
            /** @description The organization (tenant) the event belongs to (uuid) */
            tenantId: string;
            /** @description When the change was saved: ISO 8601 UTC with milliseconds. For record events, the record's updated_at */
            timestamp: string;
            /** @description The webhook it was sent to (uuid) */
            webhookId: string;
            data: {
                /** @description What this event is */
                message: string;
            };
        };
    };
    responses: never;
    parameters: never;
    requestBodies: never;
    headers: never;
    pathItems: never;
}
export type $defs = Record<string, never>;
export interface operations {
    "objects.list": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description List objects */
            200: {
                headers: {
                    /** @description Requests allowed per window for this credential */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests that would still be admitted now (limits slide over the last 60 s) */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the bucket is full again */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ObjectList"];
                };
            };
            /** @description No credential was sent (`Missing API key`); The credential is malformed, unknown, revoked or expired (`Invalid API key`) */
            401: {
                headers: {
                    /** @description Requests allowed per window for this credential */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests that would still be admitted now (limits slide over the last 60 s) */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the bucket is full again */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The OAuth token was not granted the scope this needs (`errors.insufficientScope`) */
            403: {
                headers: {
                    /** @description Requests allowed per window for this credential */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests that would still be admitted now (limits slide over the last 60 s) */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the bucket is full again */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too many requests for this credential; see Retry-After (`Rate limit exceeded`) */
            429: {
                headers: {
                    /** @description Requests allowed per window for this credential */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests that would still be admitted now (limits slide over the last 60 s) */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the bucket is full again */
                    "X-RateLimit-Reset"?: number;
                    /** @description Seconds to wait */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unexpected failure; quote the requestId when reporting it (`Internal server error`) */
            500: {
                headers: {
                    /** @description Requests allowed per window for this credential */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests that would still be admitted now (limits slide over the last 60 s) */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the bucket is full again */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A dependency (the database) did not answer in time; retry after Retry-After seconds (`Service temporarily unavailable`); The company (tenant) already runs DB_TENANT_CONCURRENCY database transactions in this instance and this one's queue did not move for a second (or it waited 10 seconds); other companies are served meanwhile; see Retry-After (`Too many database requests of this company at once; retry later`); The shared rate limiter (Redis) is unreachable, so requests are refused rather than admitted unlimited; see Retry-After (`Rate limiter unavailable`) */
            503: {
                headers: {
                    /** @description Seconds to wait */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "objects.create": {
        parameters: {
            query?: never;
            header?: {
                /** @description Repeat a request safely: the same key and body within 24 hours return the first response exactly (header Idempotent-Replayed: true); a different body gets 409. 1 to 255 characters, no control characters. */
                "Idempotency-Key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        /** @description UTF-8 JSON of at most 4194304 bytes (the server's MAX_BODY_BYTES; larger bodies get 413, bytes that are not UTF-8 a 400). The credential is checked before the body is read. */
        requestBody: {
            content: {
                "application/json": {
                    apiName: string;
                    label: string;
                    pluralLabel: string;
                    /** @default  */
                    description?: string;
                };
            };
        };
        responses: {
            /** @description Create a custom object */
            201: {
                headers: {
                    /** @description Requests allowed per window for this credential */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests that would still be admitted now (limits slide over the last 60 s) */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the bucket is full again */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ObjectSummary"];
                };
            };
            /** @description Validation or business-rule failure (`Invalid request`) */
            400: {
                headers: {
                    /** @description Requests allowed per window for this credential */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests that would still be admitted now (limits slide over the last 60 s) */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the bucket is full again */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No credential was sent (`Missing API key`); The credential is malformed, unknown, revoked or expired (`Invalid API key`) */
            401: {
                headers: {
                    /** @description Requests allowed per window for this credential */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests that would still be admitted now (limits slide over the last 60 s) */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the bucket is full again */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The user's role does not allow this on the object (`errors.permissionDenied`); The key is read-only, or the token was granted reading only (`errors.apiKeyReadOnly`); The object is outside the key's or token's scope (`errors.apiKeyObjectDenied`); The OAuth token was not granted the scope this needs (`errors.insufficientScope`) */
            403: {
                headers: {
                    /** @description Requests allowed per window for this credential */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests that would still be admitted now (limits slide over the last 60 s) */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the bucket is full again */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description An Idempotency-Key reused with another body, or a concurrent change (the object's fields, a deadlock): retry; or an approval request already decided (decisions are final); or an import already done or failed, which cannot be cancelled (`Conflict`) */
            409: {
                headers: {
                    /** @description Requests allowed per window for this credential */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests that would still be admitted now (limits slide over the last 60 s) */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the bucket is full again */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The body exceeds MAX_BODY_BYTES, or a CSV file to import exceeds IMPORT_MAX_BYTES (`Request body too large`) */
            413: {
                headers: {
                    /** @description Requests allowed per window for this credential */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests that would still be admitted now (limits slide over the last 60 s) */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the bucket is full again */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The body is not JSON (`Content-Type must be application/json`) */
            415: {
                headers: {
                    /** @description Requests allowed per window for this credential */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests that would still be admitted now (limits slide over the last 60 s) */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the bucket is full again */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too many requests for this credential; see Retry-After (`Rate limit exceeded`) */
            429: {
                headers: {
                    /** @description Requests allowed per window for this credential */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests that would still be admitted now (limits slide over the last 60 s) */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the bucket is full again */
                    "X-RateLimit-Reset"?: number;
                    /** @description Seconds to wait */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unexpected failure; quote the requestId when reporting it (`Internal server error`) */
            500: {
                headers: {
                    /** @description Requests allowed per window for this credential */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests that would still be admitted now (limits slide over the last 60 s) */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the bucket is full again */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A dependency (the database) did not answer in time; retry after Retry-After seconds (`Service temporarily unavailable`); The company (tenant) already runs DB_TENANT_CONCURRENCY database transactions in this instance and this one's queue did not move for a second (or it waited 10 seconds); other companies are served meanwhile; see Retry-After (`Too many database requests of this company at once; retry later`); The shared rate limiter (Redis) is unreachable, so requests are refused rather than admitted unlimited; see Retry-After (`Rate limiter unavailable`) */
            503: {
                headers: {
                    /** @description Seconds to wait */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "objects.describe": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The object's apiName, e.g. contact, company, opportunity (the objects list gives them all) */
                apiName: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Describe an object */
            200: {
                headers: {
                    /** @description Requests allowed per window for this credential */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests that would still be admitted now (limits slide over the last 60 s) */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the bucket is full again */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Object"];
                };
            };
            /** @description No credential was sent (`Missing API key`); The credential is malformed, unknown, revoked or expired (`Invalid API key`) */
            401: {
                headers: {
                    /** @description Requests allowed per window for this credential */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests that would still be admitted now (limits slide over the last 60 s) */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the bucket is full again */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The object is outside the key's or token's scope (`errors.apiKeyObjectDenied`); The user's role does not allow this on the object (`errors.permissionDenied`); The OAuth token was not granted the scope this needs (`errors.insufficientScope`) */
            403: {
                headers: {
                    /** @description Requests allowed per window for this credential */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests that would still be admitted now (limits slide over the last 60 s) */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the bucket is full again */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Object or record not found (`Not found`) */
            404: {
                headers: {
                    /** @description Requests allowed per window for this credential */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests that would still be admitted now (limits slide over the last 60 s) */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the bucket is full again */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too many requests for this credential; see Retry-After (`Rate limit exceeded`) */
            429: {
                headers: {
                    /** @description Requests allowed per window for this credential */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests that would still be admitted now (limits slide over the last 60 s) */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the bucket is full again */
                    "X-RateLimit-Reset"?: number;
                    /** @description Seconds to wait */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unexpected failure; quote the requestId when reporting it (`Internal server error`) */
            500: {
                headers: {
                    /** @description Requests allowed per window for this credential */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests that would still be admitted now (limits slide over the last 60 s) */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the bucket is full again */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A dependency (the database) did not answer in time; retry after Retry-After seconds (`Service temporarily unavailable`); The company (tenant) already runs DB_TENANT_CONCURRENCY database transactions in this instance and this one's queue did not move for a second (or it waited 10 seconds); other companies are served meanwhile; see Retry-After (`Too many database requests of this company at once; retry later`); The shared rate limiter (Redis) is unreachable, so requests are refused rather than admitted unlimited; see Retry-After (`Rate limiter unavailable`) */
            503: {
                headers: {
                    /** @description Seconds to wait */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "objects.archive": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The object's apiName, e.g. contact, company, opportunity (the objects list gives them all) */
                apiName: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Archive a custom object */
            200: {
                headers: {
                    /** @description Requests allowed per window for this credential */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests that would still be admitted now (limits slide over the last 60 s) */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the bucket is full again */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ObjectSummary"];
                };
            };
            /** @description Validation or business-rule failure (`Invalid request`) */
            400: {
                headers: {
                    /** @description Requests allowed per window for this credential */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests that would still be admitted now (limits slide over the last 60 s) */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the bucket is full again */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No credential was sent (`Missing API key`); The credential is malformed, unknown, revoked or expired (`Invalid API key`) */
            401: {
                headers: {
                    /** @description Requests allowed per window for this credential */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests that would still be admitted now (limits slide over the last 60 s) */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the bucket is full again */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The user's role does not allow this on the object (`errors.permissionDenied`); The key is read-only, or the token was granted reading only (`errors.apiKeyReadOnly`); The object is outside the key's or token's scope (`errors.apiKeyObjectDenied`); The OAuth token was not granted the scope this needs (`errors.insufficientScope`) */
            403: {
                headers: {
                    /** @description Requests allowed per window for this credential */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests that would still be admitted now (limits slide over the last 60 s) */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the bucket is full again */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Object or record not found (`Not found`) */
            404: {
                headers: {
                    /** @description Requests allowed per window for this credential */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests that would still be admitted now (limits slide over the last 60 s) */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the bucket is full again */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too many requests for this credential; see Retry-After (`Rate limit exceeded`) */
            429: {
                headers: {
                    /** @description Requests allowed per window for this credential */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests that would still be admitted now (limits slide over the last 60 s) */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the bucket is full again */
                    "X-RateLimit-Reset"?: number;
                    /** @description Seconds to wait */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unexpected failure; quote the requestId when reporting it (`Internal server error`) */
            500: {
                headers: {
                    /** @description Requests allowed per window for this credential */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests that would still be admitted now (limits slide over the last 60 s) */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the bucket is full again */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A dependency (the database) did not answer in time; retry after Retry-After seconds (`Service temporarily unavailable`); The company (tenant) already runs DB_TENANT_CONCURRENCY database transactions in this instance and this one's queue did not move for a second (or it waited 10 seconds); other companies are served meanwhile; see Retry-After (`Too many database requests of this company at once; retry later`); The shared rate limiter (Redis) is unreachable, so requests are refused rather than admitted unlimited; see Retry-After (`Rate limiter unavailable`) */
            503: {
                headers: {
                    /** @description Seconds to wait */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "objects.update": {
        parameters: {
            query?: never;
            header?: {
                /** @description Repeat a request safely: the same key and body within 24 hours return the first response exactly (header Idempotent-Replayed: true); a different body gets 409. 1 to 255 characters, no control characters. */
                "Idempotency-Key"?: string;
            };
            path: {
                /** @description The object's apiName, e.g. contact, company, opportunity (the objects list gives them all) */
                apiName: string;
            };
            cookie?: never;
        };
        /** @description UTF-8 JSON of at most 4194304 bytes (the server's MAX_BODY_BYTES; larger bodies get 413, bytes that are not UTF-8 a 400). The credential is checked before the body is read. */
        requestBody: {
            content: {
                "application/json": {
                    label?: string;
                    pluralLabel?: string;
                    description?: string;
                };
            };
        };
        responses: {
            /** @description Change an object */
            200: {
                headers: {
                    /** @description Requests allowed per window for this credential */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests that would still be admitted now (limits slide over the last 60 s) */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the bucket is full again */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ObjectSummary"];
                };
            };
            /** @description Validation or business-rule failure (`Invalid request`) */
            400: {
                headers: {
                    /** @description Requests allowed per window for this credential */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests that would still be admitted now (limits slide over the last 60 s) */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the bucket is full again */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No credential was sent (`Missing API key`); The credential is malformed, unknown, revoked or expired (`Invalid API key`) */
            401: {
                headers: {
                    /** @description Requests allowed per window for this credential */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests that would still be admitted now (limits slide over the last 60 s) */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the bucket is full again */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The user's role does not allow this on the object (`errors.permissionDenied`); The key is read-only, or the token was granted reading only (`errors.apiKeyReadOnly`); The object is outside the key's or token's scope (`errors.apiKeyObjectDenied`); The OAuth token was not granted the scope this needs (`errors.insufficientScope`) */
            403: {
                headers: {
                    /** @description Requests allowed per window for this credential */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests that would still be admitted now (limits slide over the last 60 s) */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the bucket is full again */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Object or record not found (`Not found`) */
            404: {
                headers: {
                    /** @description Requests allowed per window for this credential */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests that would still be admitted now (limits slide over the last 60 s) */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the bucket is full again */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description An Idempotency-Key reused with another body, or a concurrent change (the object's fields, a deadlock): retry; or an approval request already decided (decisions are final); or an import already done or failed, which cannot be cancelled (`Conflict`) */
            409: {
                headers: {
                    /** @description Requests allowed per window for this credential */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests that would still be admitted now (limits slide over the last 60 s) */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the bucket is full again */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The body exceeds MAX_BODY_BYTES, or a CSV file to import exceeds IMPORT_MAX_BYTES (`Request body too large`) */
            413: {
                headers: {
                    /** @description Requests allowed per window for this credential */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests that would still be admitted now (limits slide over the last 60 s) */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the bucket is full again */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The body is not JSON (`Content-Type must be application/json`) */
            415: {
                headers: {
                    /** @description Requests allowed per window for this credential */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests that would still be admitted now (limits slide over the last 60 s) */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the bucket is full again */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too many requests for this credential; see Retry-After (`Rate limit exceeded`) */
            429: {
                headers: {
                    /** @description Requests allowed per window for this credential */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests that would still be admitted now (limits slide over the last 60 s) */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the bucket is full again */
                    "X-RateLimit-Reset"?: number;
                    /** @description Seconds to wait */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unexpected failure; quote the requestId when reporting it (`Internal server error`) */
            500: {
                headers: {
                    /** @description Requests allowed per window for this credential */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests that would still be admitted now (limits slide over the last 60 s) */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the bucket is full again */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A dependency (the database) did not answer in time; retry after Retry-After seconds (`Service temporarily unavailable`); The company (tenant) already runs DB_TENANT_CONCURRENCY database transactions in this instance and this one's queue did not move for a second (or it waited 10 seconds); other companies are served meanwhile; see Retry-After (`Too many database requests of this company at once; retry later`); The shared rate limiter (Redis) is unreachable, so requests are refused rather than admitted unlimited; see Retry-After (`Rate limiter unavailable`) */
            503: {
                headers: {
                    /** @description Seconds to wait */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "fields.create": {
        parameters: {
            query?: never;
            header?: {
                /** @description Repeat a request safely: the same key and body within 24 hours return the first response exactly (header Idempotent-Replayed: true); a different body gets 409. 1 to 255 characters, no control characters. */
                "Idempotency-Key"?: string;
            };
            path: {
                /** @description The object's apiName, e.g. contact, company, opportunity (the objects list gives them all) */
                apiName: string;
            };
            cookie?: never;
        };
        /** @description UTF-8 JSON of at most 4194304 bytes (the server's MAX_BODY_BYTES; larger bodies get 413, bytes that are not UTF-8 a 400). The credential is checked before the body is read. */
        requestBody: {
            content: {
                "application/json": {
                    apiName: string;
                    label: string;
                    /** @enum {string} */
                    type: "text" | "textarea" | "email" | "phone" | "url" | "number" | "currency" | "percent" | "date" | "datetime" | "boolean" | "select" | "multiselect" | "lookup" | "formula" | "rollup";
                    /** @default false */
                    required?: boolean;
                    /** @default false */
                    unique?: boolean;
                    options?: {
                        value: string;
                        label: string;
                    }[];
                    targetObject?: string;
                    expression?: string;
                    rollup?: {
                        childObject: string;
                        childField: string;
                        /** @enum {string} */
                        aggregate: "count" | "sum" | "min" | "max" | "avg";
                        valueField?: string;
                    };
                    scale?: number;
                };
            };
        };
        responses: {
            /** @description Create a field */
            201: {
                headers: {
                    /** @description Requests allowed per window for this credential */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests that would still be admitted now (limits slide over the last 60 s) */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the bucket is full again */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Field"];
                };
            };
            /** @description Validation or business-rule failure (`Invalid request`) */
            400: {
                headers: {
                    /** @description Requests allowed per window for this credential */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests that would still be admitted now (limits slide over the last 60 s) */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the bucket is full again */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No credential was sent (`Missing API key`); The credential is malformed, unknown, revoked or expired (`Invalid API key`) */
            401: {
                headers: {
                    /** @description Requests allowed per window for this credential */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests that would still be admitted now (limits slide over the last 60 s) */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the bucket is full again */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The user's role does not allow this on the object (`errors.permissionDenied`); The key is read-only, or the token was granted reading only (`errors.apiKeyReadOnly`); The object is outside the key's or token's scope (`errors.apiKeyObjectDenied`); The OAuth token was not granted the scope this needs (`errors.insufficientScope`) */
            403: {
                headers: {
                    /** @description Requests allowed per window for this credential */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests that would still be admitted now (limits slide over the last 60 s) */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the bucket is full again */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Object or record not found (`Not found`) */
            404: {
                headers: {
                    /** @description Requests allowed per window for this credential */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests that would still be admitted now (limits slide over the last 60 s) */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the bucket is full again */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description An Idempotency-Key reused with another body, or a concurrent change (the object's fields, a deadlock): retry; or an approval request already decided (decisions are final); or an import already done or failed, which cannot be cancelled (`Conflict`) */
            409: {
                headers: {
                    /** @description Requests allowed per window for this credential */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests that would still be admitted now (limits slide over the last 60 s) */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the bucket is full again */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The body exceeds MAX_BODY_BYTES, or a CSV file to import exceeds IMPORT_MAX_BYTES (`Request body too large`) */
            413: {
                headers: {
                    /** @description Requests allowed per window for this credential */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests that would still be admitted now (limits slide over the last 60 s) */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the bucket is full again */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The body is not JSON (`Content-Type must be application/json`) */
            415: {
                headers: {
                    /** @description Requests allowed per window for this credential */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests that would still be admitted now (limits slide over the last 60 s) */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the bucket is full again */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too many requests for this credential; see Retry-After (`Rate limit exceeded`) */
            429: {
                headers: {
                    /** @description Requests allowed per window for this credential */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests that would still be admitted now (limits slide over the last 60 s) */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the bucket is full again */
                    "X-RateLimit-Reset"?: number;
                    /** @description Seconds to wait */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unexpected failure; quote the requestId when reporting it (`Internal server error`) */
            500: {
                headers: {
                    /** @description Requests allowed per window for this credential */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests that would still be admitted now (limits slide over the last 60 s) */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the bucket is full again */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A dependency (the database) did not answer in time; retry after Retry-After seconds (`Service temporarily unavailable`); The company (tenant) already runs DB_TENANT_CONCURRENCY database transactions in this instance and this one's queue did not move for a second (or it waited 10 seconds); other companies are served meanwhile; see Retry-After (`Too many database requests of this company at once; retry later`); The shared rate limiter (Redis) is unreachable, so requests are refused rather than admitted unlimited; see Retry-After (`Rate limiter unavailable`) */
            503: {
                headers: {
                    /** @description Seconds to wait */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "fields.archive": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The object's apiName, e.g. contact, company, opportunity (the objects list gives them all) */
                apiName: string;
                /** @description The field's apiName */
                fieldApiName: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Archive a field */
            200: {
                headers: {
                    /** @description Requests allowed per window for this credential */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests that would still be admitted now (limits slide over the last 60 s) */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the bucket is full again */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Field"];
                };
            };
            /** @description Validation or business-rule failure (`Invalid request`) */
            400: {
                headers: {
                    /** @description Requests allowed per window for this credential */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests that would still be admitted now (limits slide over the last 60 s) */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the bucket is full again */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No credential was sent (`Missing API key`); The credential is malformed, unknown, revoked or expired (`Invalid API key`) */
            401: {
                headers: {
                    /** @description Requests allowed per window for this credential */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests that would still be admitted now (limits slide over the last 60 s) */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the bucket is full again */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The user's role does not allow this on the object (`errors.permissionDenied`); The key is read-only, or the token was granted reading only (`errors.apiKeyReadOnly`); The object is outside the key's or token's scope (`errors.apiKeyObjectDenied`); The OAuth token was not granted the scope this needs (`errors.insufficientScope`) */
            403: {
                headers: {
                    /** @description Requests allowed per window for this credential */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests that would still be admitted now (limits slide over the last 60 s) */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the bucket is full again */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Object or record not found (`Not found`) */
            404: {
                headers: {
                    /** @description Requests allowed per window for this credential */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests that would still be admitted now (limits slide over the last 60 s) */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the bucket is full again */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too many requests for this credential; see Retry-After (`Rate limit exceeded`) */
            429: {
                headers: {
                    /** @description Requests allowed per window for this credential */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests that would still be admitted now (limits slide over the last 60 s) */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the bucket is full again */
                    "X-RateLimit-Reset"?: number;
                    /** @description Seconds to wait */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unexpected failure; quote the requestId when reporting it (`Internal server error`) */
            500: {
                headers: {
                    /** @description Requests allowed per window for this credential */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests that would still be admitted now (limits slide over the last 60 s) */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the bucket is full again */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A dependency (the database) did not answer in time; retry after Retry-After seconds (`Service temporarily unavailable`); The company (tenant) already runs DB_TENANT_CONCURRENCY database transactions in this instance and this one's queue did not move for a second (or it waited 10 seconds); other companies are served meanwhile; see Retry-After (`Too many database requests of this company at once; retry later`); The shared rate limiter (Redis) is unreachable, so requests are refused rather than admitted unlimited; see Retry-After (`Rate limiter unavailable`) */
            503: {
                headers: {
                    /** @description Seconds to wait */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "fields.update": {
        parameters: {
            query?: never;
            header?: {
                /** @description Repeat a request safely: the same key and body within 24 hours return the first response exactly (header Idempotent-Replayed: true); a different body gets 409. 1 to 255 characters, no control characters. */
                "Idempotency-Key"?: string;
            };
            path: {
                /** @description The object's apiName, e.g. contact, company, opportunity (the objects list gives them all) */
                apiName: string;
                /** @description The field's apiName */
                fieldApiName: string;
            };
            cookie?: never;
        };
        /** @description UTF-8 JSON of at most 4194304 bytes (the server's MAX_BODY_BYTES; larger bodies get 413, bytes that are not UTF-8 a 400). The credential is checked before the body is read. */
        requestBody: {
            content: {
                "application/json": {
                    label?: string;
                    required?: boolean;
                    unique?: boolean;
                    options?: {
                        value: string;
                        label: string;
                    }[];
                    expression?: string;
                };
            };
        };
        responses: {
            /** @description Change a field */
            200: {
                headers: {
                    /** @description Requests allowed per window for this credential */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests that would still be admitted now (limits slide over the last 60 s) */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the bucket is full again */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Field"];
                };
            };
            /** @description Validation or business-rule failure (`Invalid request`) */
            400: {
                headers: {
                    /** @description Requests allowed per window for this credential */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests that would still be admitted now (limits slide over the last 60 s) */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the bucket is full again */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No credential was sent (`Missing API key`); The credential is malformed, unknown, revoked or expired (`Invalid API key`) */
            401: {
                headers: {
                    /** @description Requests allowed per window for this credential */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests that would still be admitted now (limits slide over the last 60 s) */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the bucket is full again */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The user's role does not allow this on the object (`errors.permissionDenied`); The key is read-only, or the token was granted reading only (`errors.apiKeyReadOnly`); The object is outside the key's or token's scope (`errors.apiKeyObjectDenied`); The OAuth token was not granted the scope this needs (`errors.insufficientScope`) */
            403: {
                headers: {
                    /** @description Requests allowed per window for this credential */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests that would still be admitted now (limits slide over the last 60 s) */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the bucket is full again */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Object or record not found (`Not found`) */
            404: {
                headers: {
                    /** @description Requests allowed per window for this credential */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests that would still be admitted now (limits slide over the last 60 s) */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the bucket is full again */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description An Idempotency-Key reused with another body, or a concurrent change (the object's fields, a deadlock): retry; or an approval request already decided (decisions are final); or an import already done or failed, which cannot be cancelled (`Conflict`) */
            409: {
                headers: {
                    /** @description Requests allowed per window for this credential */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests that would still be admitted now (limits slide over the last 60 s) */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the bucket is full again */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The body exceeds MAX_BODY_BYTES, or a CSV file to import exceeds IMPORT_MAX_BYTES (`Request body too large`) */
            413: {
                headers: {
                    /** @description Requests allowed per window for this credential */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests that would still be admitted now (limits slide over the last 60 s) */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the bucket is full again */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The body is not JSON (`Content-Type must be application/json`) */
            415: {
                headers: {
                    /** @description Requests allowed per window for this credential */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests that would still be admitted now (limits slide over the last 60 s) */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the bucket is full again */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too many requests for this credential; see Retry-After (`Rate limit exceeded`) */
            429: {
                headers: {
                    /** @description Requests allowed per window for this credential */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests that would still be admitted now (limits slide over the last 60 s) */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the bucket is full again */
                    "X-RateLimit-Reset"?: number;
                    /** @description Seconds to wait */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unexpected failure; quote the requestId when reporting it (`Internal server error`) */
            500: {
                headers: {
                    /** @description Requests allowed per window for this credential */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests that would still be admitted now (limits slide over the last 60 s) */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the bucket is full again */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A dependency (the database) did not answer in time; retry after Retry-After seconds (`Service temporarily unavailable`); The company (tenant) already runs DB_TENANT_CONCURRENCY database transactions in this instance and this one's queue did not move for a second (or it waited 10 seconds); other companies are served meanwhile; see Retry-After (`Too many database requests of this company at once; retry later`); The shared rate limiter (Redis) is unreachable, so requests are refused rather than admitted unlimited; see Retry-After (`Rate limiter unavailable`) */
            503: {
                headers: {
                    /** @description Seconds to wait */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "records.list": {
        parameters: {
            query?: {
                /** @description Records per page */
                limit?: number;
                /** @description Records to skip */
                offset?: number;
                /** @description Words that start words of the record's name; accent- and case-insensitive */
                search?: string;
                /** @description `<field>:asc` or `<field>:desc` (fields or id, owner_id, created_at, updated_at); default created_at:desc; id breaks ties. Records with the field empty come last in either direction */
                order?: string;
                /** @description Up to 12 filters combined with AND (in a query string, repeat the parameter): `field:operator:value` with eq, neq, contains, gt, lt, gte, lte, or `field:empty` / `field:not_empty`; legacy `field:value` means eq. Text compares accent- and case-insensitively */
                filter?: string[];
                /** @description `true` lists the trash instead */
                trashed?: boolean;
            };
            header?: never;
            path: {
                /** @description The object's apiName, e.g. contact, company, opportunity (the objects list gives them all) */
                object: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description List records */
            200: {
                headers: {
                    /** @description Requests allowed per window for this credential */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests that would still be admitted now (limits slide over the last 60 s) */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the bucket is full again */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RecordPage"];
                };
            };
            /** @description Validation or business-rule failure (`Invalid request`) */
            400: {
                headers: {
                    /** @description Requests allowed per window for this credential */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests that would still be admitted now (limits slide over the last 60 s) */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the bucket is full again */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No credential was sent (`Missing API key`); The credential is malformed, unknown, revoked or expired (`Invalid API key`) */
            401: {
                headers: {
                    /** @description Requests allowed per window for this credential */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests that would still be admitted now (limits slide over the last 60 s) */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the bucket is full again */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The object is outside the key's or token's scope (`errors.apiKeyObjectDenied`); The user's role does not allow this on the object (`errors.permissionDenied`) */
            403: {
                headers: {
                    /** @description Requests allowed per window for this credential */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests that would still be admitted now (limits slide over the last 60 s) */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the bucket is full again */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Object or record not found (`Not found`) */
            404: {
                headers: {
                    /** @description Requests allowed per window for this credential */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests that would still be admitted now (limits slide over the last 60 s) */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the bucket is full again */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too many requests for this credential; see Retry-After (`Rate limit exceeded`) */
            429: {
                headers: {
                    /** @description Requests allowed per window for this credential */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests that would still be admitted now (limits slide over the last 60 s) */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the bucket is full again */
                    "X-RateLimit-Reset"?: number;
                    /** @description Seconds to wait */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unexpected failure; quote the requestId when reporting it (`Internal server error`) */
            500: {
                headers: {
                    /** @description Requests allowed per window for this credential */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests that would still be admitted now (limits slide over the last 60 s) */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the bucket is full again */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A dependency (the database) did not answer in time; retry after Retry-After seconds (`Service temporarily unavailable`); The company (tenant) already runs DB_TENANT_CONCURRENCY database transactions in this instance and this one's queue did not move for a second (or it waited 10 seconds); other companies are served meanwhile; see Retry-After (`Too many database requests of this company at once; retry later`); The shared rate limiter (Redis) is unreachable, so requests are refused rather than admitted unlimited; see Retry-After (`Rate limiter unavailable`) */
            503: {
                headers: {
                    /** @description Seconds to wait */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "records.create": {
        parameters: {
            query?: never;
            header?: {
                /** @description Repeat a request safely: the same key and body within 24 hours return the first response exactly (header Idempotent-Replayed: true); a different body gets 409. 1 to 255 characters, no control characters. */
                "Idempotency-Key"?: string;
            };
            path: {
                /** @description The object's apiName, e.g. contact, company, opportunity (the objects list gives them all) */
                object: string;
            };
            cookie?: never;
        };
        /** @description UTF-8 JSON of at most 4194304 bytes (the server's MAX_BODY_BYTES; larger bodies get 413, bytes that are not UTF-8 a 400). The credential is checked before the body is read. */
        requestBody: {
            content: {
                "application/json": components["schemas"]["RecordValues"];
            };
        };
        responses: {
            /** @description Create a record */
            201: {
                headers: {
                    /** @description Requests allowed per window for this credential */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests that would still be admitted now (limits slide over the last 60 s) */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the bucket is full again */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Record"];
                };
            };
            /** @description Validation or business-rule failure (`Invalid request`) */
            400: {
                headers: {
                    /** @description Requests allowed per window for this credential */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests that would still be admitted now (limits slide over the last 60 s) */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the bucket is full again */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No credential was sent (`Missing API key`); The credential is malformed, unknown, revoked or expired (`Invalid API key`) */
            401: {
                headers: {
                    /** @description Requests allowed per window for this credential */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests that would still be admitted now (limits slide over the last 60 s) */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the bucket is full again */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The key is read-only, or the token was granted reading only (`errors.apiKeyReadOnly`); The object is outside the key's or token's scope (`errors.apiKeyObjectDenied`); The user's role does not allow this on the object (`errors.permissionDenied`) */
            403: {
                headers: {
                    /** @description Requests allowed per window for this credential */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests that would still be admitted now (limits slide over the last 60 s) */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the bucket is full again */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Object or record not found (`Not found`) */
            404: {
                headers: {
                    /** @description Requests allowed per window for this credential */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests that would still be admitted now (limits slide over the last 60 s) */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the bucket is full again */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description An Idempotency-Key reused with another body, or a concurrent change (the object's fields, a deadlock): retry; or an approval request already decided (decisions are final); or an import already done or failed, which cannot be cancelled (`Conflict`) */
            409: {
                headers: {
                    /** @description Requests allowed per window for this credential */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests that would still be admitted now (limits slide over the last 60 s) */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the bucket is full again */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The body exceeds MAX_BODY_BYTES, or a CSV file to import exceeds IMPORT_MAX_BYTES (`Request body too large`) */
            413: {
                headers: {
                    /** @description Requests allowed per window for this credential */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests that would still be admitted now (limits slide over the last 60 s) */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the bucket is full again */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The body is not JSON (`Content-Type must be application/json`) */
            415: {
                headers: {
                    /** @description Requests allowed per window for this credential */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests that would still be admitted now (limits slide over the last 60 s) */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the bucket is full again */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too many requests for this credential; see Retry-After (`Rate limit exceeded`) */
            429: {
                headers: {
                    /** @description Requests allowed per window for this credential */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests that would still be admitted now (limits slide over the last 60 s) */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the bucket is full again */
                    "X-RateLimit-Reset"?: number;
                    /** @description Seconds to wait */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unexpected failure; quote the requestId when reporting it (`Internal server error`) */
            500: {
                headers: {
                    /** @description Requests allowed per window for this credential */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests that would still be admitted now (limits slide over the last 60 s) */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the bucket is full again */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A dependency (the database) did not answer in time; retry after Retry-After seconds (`Service temporarily unavailable`); The company (tenant) already runs DB_TENANT_CONCURRENCY database transactions in this instance and this one's queue did not move for a second (or it waited 10 seconds); other companies are served meanwhile; see Retry-After (`Too many database requests of this company at once; retry later`); The shared rate limiter (Redis) is unreachable, so requests are refused rather than admitted unlimited; see Retry-After (`Rate limiter unavailable`) */
            503: {
                headers: {
                    /** @description Seconds to wait */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "records.get": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The object's apiName, e.g. contact, company, opportunity (the objects list gives them all) */
                object: string;
                /** @description The record's id (a uuid) */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Get a record */
            200: {
                headers: {
                    /** @description Requests allowed per window for this credential */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests that would still be admitted now (limits slide over the last 60 s) */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the bucket is full again */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Record"];
                };
            };
            /** @description No credential was sent (`Missing API key`); The credential is malformed, unknown, revoked or expired (`Invalid API key`) */
            401: {
                headers: {
                    /** @description Requests allowed per window for this credential */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests that would still be admitted now (limits slide over the last 60 s) */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the bucket is full again */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The object is outside the key's or token's scope (`errors.apiKeyObjectDenied`); The user's role does not allow this on the object (`errors.permissionDenied`) */
            403: {
                headers: {
                    /** @description Requests allowed per window for this credential */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests that would still be admitted now (limits slide over the last 60 s) */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the bucket is full again */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Object or record not found (`Not found`) */
            404: {
                headers: {
                    /** @description Requests allowed per window for this credential */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests that would still be admitted now (limits slide over the last 60 s) */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the bucket is full again */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too many requests for this credential; see Retry-After (`Rate limit exceeded`) */
            429: {
                headers: {
                    /** @description Requests allowed per window for this credential */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests that would still be admitted now (limits slide over the last 60 s) */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the bucket is full again */
                    "X-RateLimit-Reset"?: number;
                    /** @description Seconds to wait */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unexpected failure; quote the requestId when reporting it (`Internal server error`) */
            500: {
                headers: {
                    /** @description Requests allowed per window for this credential */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests that would still be admitted now (limits slide over the last 60 s) */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the bucket is full again */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A dependency (the database) did not answer in time; retry after Retry-After seconds (`Service temporarily unavailable`); The company (tenant) already runs DB_TENANT_CONCURRENCY database transactions in this instance and this one's queue did not move for a second (or it waited 10 seconds); other companies are served meanwhile; see Retry-After (`Too many database requests of this company at once; retry later`); The shared rate limiter (Redis) is unreachable, so requests are refused rather than admitted unlimited; see Retry-After (`Rate limiter unavailable`) */
            503: {
                headers: {
                    /** @description Seconds to wait */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "records.delete": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The object's apiName, e.g. contact, company, opportunity (the objects list gives them all) */
                object: string;
                /** @description The record's id (a uuid) */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Delete a record (to trash) */
            204: {
                headers: {
                    /** @description Requests allowed per window for this credential */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests that would still be admitted now (limits slide over the last 60 s) */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the bucket is full again */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description No credential was sent (`Missing API key`); The credential is malformed, unknown, revoked or expired (`Invalid API key`) */
            401: {
                headers: {
                    /** @description Requests allowed per window for this credential */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests that would still be admitted now (limits slide over the last 60 s) */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the bucket is full again */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The key is read-only, or the token was granted reading only (`errors.apiKeyReadOnly`); The object is outside the key's or token's scope (`errors.apiKeyObjectDenied`); The key may not delete ("Allow deletion" is off), or the token has no delete scope (records:delete, activities:delete) (`errors.apiKeyDeleteDenied`); The user's role does not allow this on the object (`errors.permissionDenied`) */
            403: {
                headers: {
                    /** @description Requests allowed per window for this credential */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests that would still be admitted now (limits slide over the last 60 s) */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the bucket is full again */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Object or record not found (`Not found`) */
            404: {
                headers: {
                    /** @description Requests allowed per window for this credential */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests that would still be admitted now (limits slide over the last 60 s) */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the bucket is full again */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description An Idempotency-Key reused with another body, or a concurrent change (the object's fields, a deadlock): retry; or an approval request already decided (decisions are final); or an import already done or failed, which cannot be cancelled (`Conflict`) */
            409: {
                headers: {
                    /** @description Requests allowed per window for this credential */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests that would still be admitted now (limits slide over the last 60 s) */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the bucket is full again */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too many requests for this credential; see Retry-After (`Rate limit exceeded`) */
            429: {
                headers: {
                    /** @description Requests allowed per window for this credential */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests that would still be admitted now (limits slide over the last 60 s) */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the bucket is full again */
                    "X-RateLimit-Reset"?: number;
                    /** @description Seconds to wait */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unexpected failure; quote the requestId when reporting it (`Internal server error`) */
            500: {
                headers: {
                    /** @description Requests allowed per window for this credential */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests that would still be admitted now (limits slide over the last 60 s) */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the bucket is full again */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A dependency (the database) did not answer in time; retry after Retry-After seconds (`Service temporarily unavailable`); The company (tenant) already runs DB_TENANT_CONCURRENCY database transactions in this instance and this one's queue did not move for a second (or it waited 10 seconds); other companies are served meanwhile; see Retry-After (`Too many database requests of this company at once; retry later`); The shared rate limiter (Redis) is unreachable, so requests are refused rather than admitted unlimited; see Retry-After (`Rate limiter unavailable`) */
            503: {
                headers: {
                    /** @description Seconds to wait */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "records.update": {
        parameters: {
            query?: never;
            header?: {
                /** @description Repeat a request safely: the same key and body within 24 hours return the first response exactly (header Idempotent-Replayed: true); a different body gets 409. 1 to 255 characters, no control characters. */
                "Idempotency-Key"?: string;
            };
            path: {
                /** @description The object's apiName, e.g. contact, company, opportunity (the objects list gives them all) */
                object: string;
                /** @description The record's id (a uuid) */
                id: string;
            };
            cookie?: never;
        };
        /** @description UTF-8 JSON of at most 4194304 bytes (the server's MAX_BODY_BYTES; larger bodies get 413, bytes that are not UTF-8 a 400). The credential is checked before the body is read. */
        requestBody: {
            content: {
                "application/json": components["schemas"]["RecordValues"];
            };
        };
        responses: {
            /** @description Update a record */
            200: {
                headers: {
                    /** @description Requests allowed per window for this credential */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests that would still be admitted now (limits slide over the last 60 s) */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the bucket is full again */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Record"];
                };
            };
            /** @description Validation or business-rule failure (`Invalid request`) */
            400: {
                headers: {
                    /** @description Requests allowed per window for this credential */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests that would still be admitted now (limits slide over the last 60 s) */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the bucket is full again */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No credential was sent (`Missing API key`); The credential is malformed, unknown, revoked or expired (`Invalid API key`) */
            401: {
                headers: {
                    /** @description Requests allowed per window for this credential */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests that would still be admitted now (limits slide over the last 60 s) */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the bucket is full again */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The key is read-only, or the token was granted reading only (`errors.apiKeyReadOnly`); The object is outside the key's or token's scope (`errors.apiKeyObjectDenied`); The user's role does not allow this on the object (`errors.permissionDenied`) */
            403: {
                headers: {
                    /** @description Requests allowed per window for this credential */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests that would still be admitted now (limits slide over the last 60 s) */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the bucket is full again */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Object or record not found (`Not found`) */
            404: {
                headers: {
                    /** @description Requests allowed per window for this credential */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests that would still be admitted now (limits slide over the last 60 s) */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the bucket is full again */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description An Idempotency-Key reused with another body, or a concurrent change (the object's fields, a deadlock): retry; or an approval request already decided (decisions are final); or an import already done or failed, which cannot be cancelled (`Conflict`) */
            409: {
                headers: {
                    /** @description Requests allowed per window for this credential */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests that would still be admitted now (limits slide over the last 60 s) */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the bucket is full again */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The body exceeds MAX_BODY_BYTES, or a CSV file to import exceeds IMPORT_MAX_BYTES (`Request body too large`) */
            413: {
                headers: {
                    /** @description Requests allowed per window for this credential */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests that would still be admitted now (limits slide over the last 60 s) */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the bucket is full again */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The body is not JSON (`Content-Type must be application/json`) */
            415: {
                headers: {
                    /** @description Requests allowed per window for this credential */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests that would still be admitted now (limits slide over the last 60 s) */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the bucket is full again */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too many requests for this credential; see Retry-After (`Rate limit exceeded`) */
            429: {
                headers: {
                    /** @description Requests allowed per window for this credential */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests that would still be admitted now (limits slide over the last 60 s) */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the bucket is full again */
                    "X-RateLimit-Reset"?: number;
                    /** @description Seconds to wait */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unexpected failure; quote the requestId when reporting it (`Internal server error`) */
            500: {
                headers: {
                    /** @description Requests allowed per window for this credential */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests that would still be admitted now (limits slide over the last 60 s) */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the bucket is full again */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A dependency (the database) did not answer in time; retry after Retry-After seconds (`Service temporarily unavailable`); The company (tenant) already runs DB_TENANT_CONCURRENCY database transactions in this instance and this one's queue did not move for a second (or it waited 10 seconds); other companies are served meanwhile; see Retry-After (`Too many database requests of this company at once; retry later`); The shared rate limiter (Redis) is unreachable, so requests are refused rather than admitted unlimited; see Retry-After (`Rate limiter unavailable`) */
            503: {
                headers: {
                    /** @description Seconds to wait */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "records.restore": {
        parameters: {
            query?: never;
            header?: {
                /** @description Repeat a request safely: the same key and body within 24 hours return the first response exactly (header Idempotent-Replayed: true); a different body gets 409. 1 to 255 characters, no control characters. */
                "Idempotency-Key"?: string;
            };
            path: {
                /** @description The object's apiName, e.g. contact, company, opportunity (the objects list gives them all) */
                object: string;
                /** @description The record's id (a uuid) */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Restore a record from the trash */
            200: {
                headers: {
                    /** @description Requests allowed per window for this credential */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests that would still be admitted now (limits slide over the last 60 s) */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the bucket is full again */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Record"];
                };
            };
            /** @description Validation or business-rule failure (`Invalid request`) */
            400: {
                headers: {
                    /** @description Requests allowed per window for this credential */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests that would still be admitted now (limits slide over the last 60 s) */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the bucket is full again */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No credential was sent (`Missing API key`); The credential is malformed, unknown, revoked or expired (`Invalid API key`) */
            401: {
                headers: {
                    /** @description Requests allowed per window for this credential */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests that would still be admitted now (limits slide over the last 60 s) */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the bucket is full again */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The key is read-only, or the token was granted reading only (`errors.apiKeyReadOnly`); The object is outside the key's or token's scope (`errors.apiKeyObjectDenied`); The user's role does not allow this on the object (`errors.permissionDenied`) */
            403: {
                headers: {
                    /** @description Requests allowed per window for this credential */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests that would still be admitted now (limits slide over the last 60 s) */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the bucket is full again */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Object or record not found (`Not found`) */
            404: {
                headers: {
                    /** @description Requests allowed per window for this credential */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests that would still be admitted now (limits slide over the last 60 s) */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the bucket is full again */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description An Idempotency-Key reused with another body, or a concurrent change (the object's fields, a deadlock): retry; or an approval request already decided (decisions are final); or an import already done or failed, which cannot be cancelled (`Conflict`) */
            409: {
                headers: {
                    /** @description Requests allowed per window for this credential */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests that would still be admitted now (limits slide over the last 60 s) */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the bucket is full again */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too many requests for this credential; see Retry-After (`Rate limit exceeded`) */
            429: {
                headers: {
                    /** @description Requests allowed per window for this credential */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests that would still be admitted now (limits slide over the last 60 s) */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the bucket is full again */
                    "X-RateLimit-Reset"?: number;
                    /** @description Seconds to wait */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unexpected failure; quote the requestId when reporting it (`Internal server error`) */
            500: {
                headers: {
                    /** @description Requests allowed per window for this credential */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests that would still be admitted now (limits slide over the last 60 s) */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the bucket is full again */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A dependency (the database) did not answer in time; retry after Retry-After seconds (`Service temporarily unavailable`); The company (tenant) already runs DB_TENANT_CONCURRENCY database transactions in this instance and this one's queue did not move for a second (or it waited 10 seconds); other companies are served meanwhile; see Retry-After (`Too many database requests of this company at once; retry later`); The shared rate limiter (Redis) is unreachable, so requests are refused rather than admitted unlimited; see Retry-After (`Rate limiter unavailable`) */
            503: {
                headers: {
                    /** @description Seconds to wait */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "records.bulkCreate": {
        parameters: {
            query?: {
                /** @description The apiName of a unique field (e.g. email): each item then updates the record holding its value of that field, or creates one (results say which). Every item must have a value for it. Race-free: two requests sending the same new value make one record. */
                upsertOn?: string;
            };
            header?: {
                /** @description Repeat a request safely: the same key and body within 24 hours return the first response exactly (header Idempotent-Replayed: true); a different body gets 409. 1 to 255 characters, no control characters. */
                "Idempotency-Key"?: string;
            };
            path: {
                /** @description The object's apiName, e.g. contact, company, opportunity (the objects list gives them all) */
                object: string;
            };
            cookie?: never;
        };
        /** @description UTF-8 JSON of at most 4194304 bytes (the server's MAX_BODY_BYTES; larger bodies get 413, bytes that are not UTF-8 a 400). The credential is checked before the body is read. */
        requestBody: {
            content: {
                "application/json": {
                    records: unknown[];
                };
            };
        };
        responses: {
            /** @description Create records in bulk */
            200: {
                headers: {
                    /** @description Requests allowed per window for this credential */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests that would still be admitted now (limits slide over the last 60 s) */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the bucket is full again */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["BulkCreateResult"];
                };
            };
            /** @description Validation or business-rule failure (`Invalid request`) */
            400: {
                headers: {
                    /** @description Requests allowed per window for this credential */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests that would still be admitted now (limits slide over the last 60 s) */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the bucket is full again */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No credential was sent (`Missing API key`); The credential is malformed, unknown, revoked or expired (`Invalid API key`) */
            401: {
                headers: {
                    /** @description Requests allowed per window for this credential */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests that would still be admitted now (limits slide over the last 60 s) */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the bucket is full again */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The key is read-only, or the token was granted reading only (`errors.apiKeyReadOnly`); The object is outside the key's or token's scope (`errors.apiKeyObjectDenied`); The user's role does not allow this on the object (`errors.permissionDenied`) */
            403: {
                headers: {
                    /** @description Requests allowed per window for this credential */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests that would still be admitted now (limits slide over the last 60 s) */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the bucket is full again */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Object or record not found (`Not found`) */
            404: {
                headers: {
                    /** @description Requests allowed per window for this credential */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests that would still be admitted now (limits slide over the last 60 s) */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the bucket is full again */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description An Idempotency-Key reused with another body, or a concurrent change (the object's fields, a deadlock): retry; or an approval request already decided (decisions are final); or an import already done or failed, which cannot be cancelled (`Conflict`) */
            409: {
                headers: {
                    /** @description Requests allowed per window for this credential */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests that would still be admitted now (limits slide over the last 60 s) */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the bucket is full again */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The body exceeds MAX_BODY_BYTES, or a CSV file to import exceeds IMPORT_MAX_BYTES (`Request body too large`) */
            413: {
                headers: {
                    /** @description Requests allowed per window for this credential */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests that would still be admitted now (limits slide over the last 60 s) */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the bucket is full again */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The body is not JSON (`Content-Type must be application/json`) */
            415: {
                headers: {
                    /** @description Requests allowed per window for this credential */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests that would still be admitted now (limits slide over the last 60 s) */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the bucket is full again */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too many requests for this credential; see Retry-After (`Rate limit exceeded`) */
            429: {
                headers: {
                    /** @description Requests allowed per window for this credential */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests that would still be admitted now (limits slide over the last 60 s) */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the bucket is full again */
                    "X-RateLimit-Reset"?: number;
                    /** @description Seconds to wait */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unexpected failure; quote the requestId when reporting it (`Internal server error`) */
            500: {
                headers: {
                    /** @description Requests allowed per window for this credential */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests that would still be admitted now (limits slide over the last 60 s) */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the bucket is full again */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A dependency (the database) did not answer in time; retry after Retry-After seconds (`Service temporarily unavailable`); The company (tenant) already runs DB_TENANT_CONCURRENCY database transactions in this instance and this one's queue did not move for a second (or it waited 10 seconds); other companies are served meanwhile; see Retry-After (`Too many database requests of this company at once; retry later`); The shared rate limiter (Redis) is unreachable, so requests are refused rather than admitted unlimited; see Retry-After (`Rate limiter unavailable`) */
            503: {
                headers: {
                    /** @description Seconds to wait */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "records.bulkUpdate": {
        parameters: {
            query?: never;
            header?: {
                /** @description Repeat a request safely: the same key and body within 24 hours return the first response exactly (header Idempotent-Replayed: true); a different body gets 409. 1 to 255 characters, no control characters. */
                "Idempotency-Key"?: string;
            };
            path: {
                /** @description The object's apiName, e.g. contact, company, opportunity (the objects list gives them all) */
                object: string;
            };
            cookie?: never;
        };
        /** @description UTF-8 JSON of at most 4194304 bytes (the server's MAX_BODY_BYTES; larger bodies get 413, bytes that are not UTF-8 a 400). The credential is checked before the body is read. */
        requestBody: {
            content: {
                "application/json": {
                    updates: unknown[];
                };
            };
        };
        responses: {
            /** @description Update records in bulk */
            200: {
                headers: {
                    /** @description Requests allowed per window for this credential */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests that would still be admitted now (limits slide over the last 60 s) */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the bucket is full again */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["BulkUpdateResult"];
                };
            };
            /** @description Validation or business-rule failure (`Invalid request`) */
            400: {
                headers: {
                    /** @description Requests allowed per window for this credential */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests that would still be admitted now (limits slide over the last 60 s) */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the bucket is full again */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No credential was sent (`Missing API key`); The credential is malformed, unknown, revoked or expired (`Invalid API key`) */
            401: {
                headers: {
                    /** @description Requests allowed per window for this credential */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests that would still be admitted now (limits slide over the last 60 s) */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the bucket is full again */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The key is read-only, or the token was granted reading only (`errors.apiKeyReadOnly`); The object is outside the key's or token's scope (`errors.apiKeyObjectDenied`); The user's role does not allow this on the object (`errors.permissionDenied`) */
            403: {
                headers: {
                    /** @description Requests allowed per window for this credential */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests that would still be admitted now (limits slide over the last 60 s) */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the bucket is full again */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Object or record not found (`Not found`) */
            404: {
                headers: {
                    /** @description Requests allowed per window for this credential */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests that would still be admitted now (limits slide over the last 60 s) */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the bucket is full again */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description An Idempotency-Key reused with another body, or a concurrent change (the object's fields, a deadlock): retry; or an approval request already decided (decisions are final); or an import already done or failed, which cannot be cancelled (`Conflict`) */
            409: {
                headers: {
                    /** @description Requests allowed per window for this credential */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests that would still be admitted now (limits slide over the last 60 s) */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the bucket is full again */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The body exceeds MAX_BODY_BYTES, or a CSV file to import exceeds IMPORT_MAX_BYTES (`Request body too large`) */
            413: {
                headers: {
                    /** @description Requests allowed per window for this credential */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests that would still be admitted now (limits slide over the last 60 s) */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the bucket is full again */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The body is not JSON (`Content-Type must be application/json`) */
            415: {
                headers: {
                    /** @description Requests allowed per window for this credential */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests that would still be admitted now (limits slide over the last 60 s) */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the bucket is full again */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too many requests for this credential; see Retry-After (`Rate limit exceeded`) */
            429: {
                headers: {
                    /** @description Requests allowed per window for this credential */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests that would still be admitted now (limits slide over the last 60 s) */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the bucket is full again */
                    "X-RateLimit-Reset"?: number;
                    /** @description Seconds to wait */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unexpected failure; quote the requestId when reporting it (`Internal server error`) */
            500: {
                headers: {
                    /** @description Requests allowed per window for this credential */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests that would still be admitted now (limits slide over the last 60 s) */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the bucket is full again */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A dependency (the database) did not answer in time; retry after Retry-After seconds (`Service temporarily unavailable`); The company (tenant) already runs DB_TENANT_CONCURRENCY database transactions in this instance and this one's queue did not move for a second (or it waited 10 seconds); other companies are served meanwhile; see Retry-After (`Too many database requests of this company at once; retry later`); The shared rate limiter (Redis) is unreachable, so requests are refused rather than admitted unlimited; see Retry-After (`Rate limiter unavailable`) */
            503: {
                headers: {
                    /** @description Seconds to wait */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "records.export": {
        parameters: {
            query?: {
                /** @description Page number */
                page?: number;
                /** @description Rows per page */
                pageSize?: number;
                /** @description Alternative to page/pageSize: rows */
                limit?: number;
                /** @description Alternative to page/pageSize: rows to skip */
                offset?: number;
                /** @description Only records updated strictly after this instant (ISO 8601) */
                updated_since?: string;
                /** @description Only records created strictly after this instant (ISO 8601) */
                created_since?: string;
                /** @description Repeatable `field:value` equality filters */
                filter?: string[];
            };
            header?: never;
            path: {
                /** @description The object's apiName, e.g. contact, company, opportunity (the objects list gives them all) */
                object: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Flattened rows (data endpoint) */
            200: {
                headers: {
                    /** @description Requests allowed per window for this credential */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests that would still be admitted now (limits slide over the last 60 s) */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the bucket is full again */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["DataPage"];
                };
            };
            /** @description Validation or business-rule failure (`Invalid request`) */
            400: {
                headers: {
                    /** @description Requests allowed per window for this credential */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests that would still be admitted now (limits slide over the last 60 s) */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the bucket is full again */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No credential was sent (`Missing API key`); The credential is malformed, unknown, revoked or expired (`Invalid API key`) */
            401: {
                headers: {
                    /** @description Requests allowed per window for this credential */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests that would still be admitted now (limits slide over the last 60 s) */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the bucket is full again */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The object is outside the key's or token's scope (`errors.apiKeyObjectDenied`); The user's role does not allow this on the object (`errors.permissionDenied`) */
            403: {
                headers: {
                    /** @description Requests allowed per window for this credential */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests that would still be admitted now (limits slide over the last 60 s) */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the bucket is full again */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Object or record not found (`Not found`) */
            404: {
                headers: {
                    /** @description Requests allowed per window for this credential */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests that would still be admitted now (limits slide over the last 60 s) */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the bucket is full again */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too many requests for this credential; see Retry-After (`Rate limit exceeded`) */
            429: {
                headers: {
                    /** @description Requests allowed per window for this credential */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests that would still be admitted now (limits slide over the last 60 s) */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the bucket is full again */
                    "X-RateLimit-Reset"?: number;
                    /** @description Seconds to wait */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unexpected failure; quote the requestId when reporting it (`Internal server error`) */
            500: {
                headers: {
                    /** @description Requests allowed per window for this credential */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests that would still be admitted now (limits slide over the last 60 s) */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the bucket is full again */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A dependency (the database) did not answer in time; retry after Retry-After seconds (`Service temporarily unavailable`); The company (tenant) already runs DB_TENANT_CONCURRENCY database transactions in this instance and this one's queue did not move for a second (or it waited 10 seconds); other companies are served meanwhile; see Retry-After (`Too many database requests of this company at once; retry later`); The shared rate limiter (Redis) is unreachable, so requests are refused rather than admitted unlimited; see Retry-After (`Rate limiter unavailable`) */
            503: {
                headers: {
                    /** @description Seconds to wait */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "activities.list": {
        parameters: {
            query?: {
                /** @description Only this record's activities (its timeline) */
                recordId?: string;
                /** @description The object of recordId (optional; checked when given) */
                objectApiName?: string;
                /** @description Only this type */
                type?: "task" | "call" | "email" | "meeting" | "note";
                /** @description Only activities assigned to this user (id), or to the caller (me) */
                assignee?: string;
                /** @description open (not completed), completed, or overdue (open and due before now) */
                status?: "open" | "completed" | "overdue";
                /** @description Only activities due strictly before this instant */
                due_before?: string;
                /** @description Only activities due strictly after this instant */
                due_after?: string;
                /** @description Activities per page */
                limit?: number;
                /** @description Activities to skip */
                offset?: number;
                /** @description `<field>:asc` or `<field>:desc`, field among created_at, updated_at, due_at, completed_at; empty values last; id breaks ties */
                order?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description List activities */
            200: {
                headers: {
                    /** @description Requests allowed per window for this credential */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests that would still be admitted now (limits slide over the last 60 s) */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the bucket is full again */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ActivityPage"];
                };
            };
            /** @description Validation or business-rule failure (`Invalid request`) */
            400: {
                headers: {
                    /** @description Requests allowed per window for this credential */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests that would still be admitted now (limits slide over the last 60 s) */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the bucket is full again */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No credential was sent (`Missing API key`); The credential is malformed, unknown, revoked or expired (`Invalid API key`) */
            401: {
                headers: {
                    /** @description Requests allowed per window for this credential */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests that would still be admitted now (limits slide over the last 60 s) */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the bucket is full again */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The object is outside the key's or token's scope (`errors.apiKeyObjectDenied`); The user's role does not allow this on the object (`errors.permissionDenied`); The OAuth token was not granted the scope this needs (`errors.insufficientScope`) */
            403: {
                headers: {
                    /** @description Requests allowed per window for this credential */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests that would still be admitted now (limits slide over the last 60 s) */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the bucket is full again */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Object or record not found (`Not found`) */
            404: {
                headers: {
                    /** @description Requests allowed per window for this credential */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests that would still be admitted now (limits slide over the last 60 s) */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the bucket is full again */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too many requests for this credential; see Retry-After (`Rate limit exceeded`) */
            429: {
                headers: {
                    /** @description Requests allowed per window for this credential */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests that would still be admitted now (limits slide over the last 60 s) */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the bucket is full again */
                    "X-RateLimit-Reset"?: number;
                    /** @description Seconds to wait */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unexpected failure; quote the requestId when reporting it (`Internal server error`) */
            500: {
                headers: {
                    /** @description Requests allowed per window for this credential */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests that would still be admitted now (limits slide over the last 60 s) */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the bucket is full again */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A dependency (the database) did not answer in time; retry after Retry-After seconds (`Service temporarily unavailable`); The company (tenant) already runs DB_TENANT_CONCURRENCY database transactions in this instance and this one's queue did not move for a second (or it waited 10 seconds); other companies are served meanwhile; see Retry-After (`Too many database requests of this company at once; retry later`); The shared rate limiter (Redis) is unreachable, so requests are refused rather than admitted unlimited; see Retry-After (`Rate limiter unavailable`) */
            503: {
                headers: {
                    /** @description Seconds to wait */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "activities.create": {
        parameters: {
            query?: never;
            header?: {
                /** @description Repeat a request safely: the same key and body within 24 hours return the first response exactly (header Idempotent-Replayed: true); a different body gets 409. 1 to 255 characters, no control characters. */
                "Idempotency-Key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        /** @description UTF-8 JSON of at most 4194304 bytes (the server's MAX_BODY_BYTES; larger bodies get 413, bytes that are not UTF-8 a 400). The credential is checked before the body is read. */
        requestBody: {
            content: {
                "application/json": components["schemas"]["ActivityCreate"];
            };
        };
        responses: {
            /** @description Create an activity */
            201: {
                headers: {
                    /** @description Requests allowed per window for this credential */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests that would still be admitted now (limits slide over the last 60 s) */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the bucket is full again */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Activity"];
                };
            };
            /** @description Validation or business-rule failure (`Invalid request`) */
            400: {
                headers: {
                    /** @description Requests allowed per window for this credential */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests that would still be admitted now (limits slide over the last 60 s) */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the bucket is full again */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No credential was sent (`Missing API key`); The credential is malformed, unknown, revoked or expired (`Invalid API key`) */
            401: {
                headers: {
                    /** @description Requests allowed per window for this credential */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests that would still be admitted now (limits slide over the last 60 s) */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the bucket is full again */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The key is read-only, or the token was granted reading only (`errors.apiKeyReadOnly`); The object is outside the key's or token's scope (`errors.apiKeyObjectDenied`); The user's role does not allow this on the object (`errors.permissionDenied`); The OAuth token was not granted the scope this needs (`errors.insufficientScope`) */
            403: {
                headers: {
                    /** @description Requests allowed per window for this credential */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests that would still be admitted now (limits slide over the last 60 s) */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the bucket is full again */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description An Idempotency-Key reused with another body, or a concurrent change (the object's fields, a deadlock): retry; or an approval request already decided (decisions are final); or an import already done or failed, which cannot be cancelled (`Conflict`) */
            409: {
                headers: {
                    /** @description Requests allowed per window for this credential */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests that would still be admitted now (limits slide over the last 60 s) */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the bucket is full again */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The body exceeds MAX_BODY_BYTES, or a CSV file to import exceeds IMPORT_MAX_BYTES (`Request body too large`) */
            413: {
                headers: {
                    /** @description Requests allowed per window for this credential */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests that would still be admitted now (limits slide over the last 60 s) */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the bucket is full again */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The body is not JSON (`Content-Type must be application/json`) */
            415: {
                headers: {
                    /** @description Requests allowed per window for this credential */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests that would still be admitted now (limits slide over the last 60 s) */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the bucket is full again */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too many requests for this credential; see Retry-After (`Rate limit exceeded`) */
            429: {
                headers: {
                    /** @description Requests allowed per window for this credential */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests that would still be admitted now (limits slide over the last 60 s) */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the bucket is full again */
                    "X-RateLimit-Reset"?: number;
                    /** @description Seconds to wait */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unexpected failure; quote the requestId when reporting it (`Internal server error`) */
            500: {
                headers: {
                    /** @description Requests allowed per window for this credential */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests that would still be admitted now (limits slide over the last 60 s) */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the bucket is full again */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A dependency (the database) did not answer in time; retry after Retry-After seconds (`Service temporarily unavailable`); The company (tenant) already runs DB_TENANT_CONCURRENCY database transactions in this instance and this one's queue did not move for a second (or it waited 10 seconds); other companies are served meanwhile; see Retry-After (`Too many database requests of this company at once; retry later`); The shared rate limiter (Redis) is unreachable, so requests are refused rather than admitted unlimited; see Retry-After (`Rate limiter unavailable`) */
            503: {
                headers: {
                    /** @description Seconds to wait */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "activities.get": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The activity's id */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Get an activity */
            200: {
                headers: {
                    /** @description Requests allowed per window for this credential */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests that would still be admitted now (limits slide over the last 60 s) */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the bucket is full again */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Activity"];
                };
            };
            /** @description Validation or business-rule failure (`Invalid request`) */
            400: {
                headers: {
                    /** @description Requests allowed per window for this credential */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests that would still be admitted now (limits slide over the last 60 s) */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the bucket is full again */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No credential was sent (`Missing API key`); The credential is malformed, unknown, revoked or expired (`Invalid API key`) */
            401: {
                headers: {
                    /** @description Requests allowed per window for this credential */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests that would still be admitted now (limits slide over the last 60 s) */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the bucket is full again */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The object is outside the key's or token's scope (`errors.apiKeyObjectDenied`); The user's role does not allow this on the object (`errors.permissionDenied`); The OAuth token was not granted the scope this needs (`errors.insufficientScope`) */
            403: {
                headers: {
                    /** @description Requests allowed per window for this credential */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests that would still be admitted now (limits slide over the last 60 s) */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the bucket is full again */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Object or record not found (`Not found`) */
            404: {
                headers: {
                    /** @description Requests allowed per window for this credential */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests that would still be admitted now (limits slide over the last 60 s) */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the bucket is full again */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too many requests for this credential; see Retry-After (`Rate limit exceeded`) */
            429: {
                headers: {
                    /** @description Requests allowed per window for this credential */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests that would still be admitted now (limits slide over the last 60 s) */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the bucket is full again */
                    "X-RateLimit-Reset"?: number;
                    /** @description Seconds to wait */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unexpected failure; quote the requestId when reporting it (`Internal server error`) */
            500: {
                headers: {
                    /** @description Requests allowed per window for this credential */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests that would still be admitted now (limits slide over the last 60 s) */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the bucket is full again */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A dependency (the database) did not answer in time; retry after Retry-After seconds (`Service temporarily unavailable`); The company (tenant) already runs DB_TENANT_CONCURRENCY database transactions in this instance and this one's queue did not move for a second (or it waited 10 seconds); other companies are served meanwhile; see Retry-After (`Too many database requests of this company at once; retry later`); The shared rate limiter (Redis) is unreachable, so requests are refused rather than admitted unlimited; see Retry-After (`Rate limiter unavailable`) */
            503: {
                headers: {
                    /** @description Seconds to wait */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "activities.delete": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The activity's id */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Delete an activity */
            204: {
                headers: {
                    /** @description Requests allowed per window for this credential */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests that would still be admitted now (limits slide over the last 60 s) */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the bucket is full again */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Validation or business-rule failure (`Invalid request`) */
            400: {
                headers: {
                    /** @description Requests allowed per window for this credential */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests that would still be admitted now (limits slide over the last 60 s) */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the bucket is full again */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No credential was sent (`Missing API key`); The credential is malformed, unknown, revoked or expired (`Invalid API key`) */
            401: {
                headers: {
                    /** @description Requests allowed per window for this credential */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests that would still be admitted now (limits slide over the last 60 s) */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the bucket is full again */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The key is read-only, or the token was granted reading only (`errors.apiKeyReadOnly`); The object is outside the key's or token's scope (`errors.apiKeyObjectDenied`); The key may not delete ("Allow deletion" is off), or the token has no delete scope (records:delete, activities:delete) (`errors.apiKeyDeleteDenied`); The user's role does not allow this on the object (`errors.permissionDenied`); The OAuth token was not granted the scope this needs (`errors.insufficientScope`) */
            403: {
                headers: {
                    /** @description Requests allowed per window for this credential */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests that would still be admitted now (limits slide over the last 60 s) */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the bucket is full again */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Object or record not found (`Not found`) */
            404: {
                headers: {
                    /** @description Requests allowed per window for this credential */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests that would still be admitted now (limits slide over the last 60 s) */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the bucket is full again */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too many requests for this credential; see Retry-After (`Rate limit exceeded`) */
            429: {
                headers: {
                    /** @description Requests allowed per window for this credential */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests that would still be admitted now (limits slide over the last 60 s) */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the bucket is full again */
                    "X-RateLimit-Reset"?: number;
                    /** @description Seconds to wait */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unexpected failure; quote the requestId when reporting it (`Internal server error`) */
            500: {
                headers: {
                    /** @description Requests allowed per window for this credential */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests that would still be admitted now (limits slide over the last 60 s) */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the bucket is full again */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A dependency (the database) did not answer in time; retry after Retry-After seconds (`Service temporarily unavailable`); The company (tenant) already runs DB_TENANT_CONCURRENCY database transactions in this instance and this one's queue did not move for a second (or it waited 10 seconds); other companies are served meanwhile; see Retry-After (`Too many database requests of this company at once; retry later`); The shared rate limiter (Redis) is unreachable, so requests are refused rather than admitted unlimited; see Retry-After (`Rate limiter unavailable`) */
            503: {
                headers: {
                    /** @description Seconds to wait */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "activities.update": {
        parameters: {
            query?: never;
            header?: {
                /** @description Repeat a request safely: the same key and body within 24 hours return the first response exactly (header Idempotent-Replayed: true); a different body gets 409. 1 to 255 characters, no control characters. */
                "Idempotency-Key"?: string;
            };
            path: {
                /** @description The activity's id */
                id: string;
            };
            cookie?: never;
        };
        /** @description UTF-8 JSON of at most 4194304 bytes (the server's MAX_BODY_BYTES; larger bodies get 413, bytes that are not UTF-8 a 400). The credential is checked before the body is read. */
        requestBody: {
            content: {
                "application/json": components["schemas"]["ActivityChanges"];
            };
        };
        responses: {
            /** @description Update an activity */
            200: {
                headers: {
                    /** @description Requests allowed per window for this credential */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests that would still be admitted now (limits slide over the last 60 s) */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the bucket is full again */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Activity"];
                };
            };
            /** @description Validation or business-rule failure (`Invalid request`) */
            400: {
                headers: {
                    /** @description Requests allowed per window for this credential */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests that would still be admitted now (limits slide over the last 60 s) */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the bucket is full again */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No credential was sent (`Missing API key`); The credential is malformed, unknown, revoked or expired (`Invalid API key`) */
            401: {
                headers: {
                    /** @description Requests allowed per window for this credential */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests that would still be admitted now (limits slide over the last 60 s) */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the bucket is full again */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The key is read-only, or the token was granted reading only (`errors.apiKeyReadOnly`); The object is outside the key's or token's scope (`errors.apiKeyObjectDenied`); The user's role does not allow this on the object (`errors.permissionDenied`); The OAuth token was not granted the scope this needs (`errors.insufficientScope`) */
            403: {
                headers: {
                    /** @description Requests allowed per window for this credential */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests that would still be admitted now (limits slide over the last 60 s) */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the bucket is full again */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Object or record not found (`Not found`) */
            404: {
                headers: {
                    /** @description Requests allowed per window for this credential */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests that would still be admitted now (limits slide over the last 60 s) */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the bucket is full again */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description An Idempotency-Key reused with another body, or a concurrent change (the object's fields, a deadlock): retry; or an approval request already decided (decisions are final); or an import already done or failed, which cannot be cancelled (`Conflict`) */
            409: {
                headers: {
                    /** @description Requests allowed per window for this credential */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests that would still be admitted now (limits slide over the last 60 s) */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the bucket is full again */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The body exceeds MAX_BODY_BYTES, or a CSV file to import exceeds IMPORT_MAX_BYTES (`Request body too large`) */
            413: {
                headers: {
                    /** @description Requests allowed per window for this credential */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests that would still be admitted now (limits slide over the last 60 s) */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the bucket is full again */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The body is not JSON (`Content-Type must be application/json`) */
            415: {
                headers: {
                    /** @description Requests allowed per window for this credential */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests that would still be admitted now (limits slide over the last 60 s) */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the bucket is full again */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too many requests for this credential; see Retry-After (`Rate limit exceeded`) */
            429: {
                headers: {
                    /** @description Requests allowed per window for this credential */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests that would still be admitted now (limits slide over the last 60 s) */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the bucket is full again */
                    "X-RateLimit-Reset"?: number;
                    /** @description Seconds to wait */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unexpected failure; quote the requestId when reporting it (`Internal server error`) */
            500: {
                headers: {
                    /** @description Requests allowed per window for this credential */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests that would still be admitted now (limits slide over the last 60 s) */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the bucket is full again */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A dependency (the database) did not answer in time; retry after Retry-After seconds (`Service temporarily unavailable`); The company (tenant) already runs DB_TENANT_CONCURRENCY database transactions in this instance and this one's queue did not move for a second (or it waited 10 seconds); other companies are served meanwhile; see Retry-After (`Too many database requests of this company at once; retry later`); The shared rate limiter (Redis) is unreachable, so requests are refused rather than admitted unlimited; see Retry-After (`Rate limiter unavailable`) */
            503: {
                headers: {
                    /** @description Seconds to wait */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "line-items.list": {
        parameters: {
            query: {
                /** @description The opportunity whose lines to list */
                opportunityId: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description List an opportunity's line items */
            200: {
                headers: {
                    /** @description Requests allowed per window for this credential */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests that would still be admitted now (limits slide over the last 60 s) */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the bucket is full again */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["LineItemList"];
                };
            };
            /** @description Validation or business-rule failure (`Invalid request`) */
            400: {
                headers: {
                    /** @description Requests allowed per window for this credential */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests that would still be admitted now (limits slide over the last 60 s) */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the bucket is full again */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No credential was sent (`Missing API key`); The credential is malformed, unknown, revoked or expired (`Invalid API key`) */
            401: {
                headers: {
                    /** @description Requests allowed per window for this credential */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests that would still be admitted now (limits slide over the last 60 s) */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the bucket is full again */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The object is outside the key's or token's scope (`errors.apiKeyObjectDenied`); The user's role does not allow this on the object (`errors.permissionDenied`) */
            403: {
                headers: {
                    /** @description Requests allowed per window for this credential */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests that would still be admitted now (limits slide over the last 60 s) */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the bucket is full again */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Object or record not found (`Not found`) */
            404: {
                headers: {
                    /** @description Requests allowed per window for this credential */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests that would still be admitted now (limits slide over the last 60 s) */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the bucket is full again */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too many requests for this credential; see Retry-After (`Rate limit exceeded`) */
            429: {
                headers: {
                    /** @description Requests allowed per window for this credential */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests that would still be admitted now (limits slide over the last 60 s) */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the bucket is full again */
                    "X-RateLimit-Reset"?: number;
                    /** @description Seconds to wait */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unexpected failure; quote the requestId when reporting it (`Internal server error`) */
            500: {
                headers: {
                    /** @description Requests allowed per window for this credential */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests that would still be admitted now (limits slide over the last 60 s) */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the bucket is full again */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A dependency (the database) did not answer in time; retry after Retry-After seconds (`Service temporarily unavailable`); The company (tenant) already runs DB_TENANT_CONCURRENCY database transactions in this instance and this one's queue did not move for a second (or it waited 10 seconds); other companies are served meanwhile; see Retry-After (`Too many database requests of this company at once; retry later`); The shared rate limiter (Redis) is unreachable, so requests are refused rather than admitted unlimited; see Retry-After (`Rate limiter unavailable`) */
            503: {
                headers: {
                    /** @description Seconds to wait */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "line-items.create": {
        parameters: {
            query?: never;
            header?: {
                /** @description Repeat a request safely: the same key and body within 24 hours return the first response exactly (header Idempotent-Replayed: true); a different body gets 409. 1 to 255 characters, no control characters. */
                "Idempotency-Key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        /** @description UTF-8 JSON of at most 4194304 bytes (the server's MAX_BODY_BYTES; larger bodies get 413, bytes that are not UTF-8 a 400). The credential is checked before the body is read. */
        requestBody: {
            content: {
                "application/json": components["schemas"]["LineItemCreate"];
            };
        };
        responses: {
            /** @description Add a line item */
            201: {
                headers: {
                    /** @description Requests allowed per window for this credential */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests that would still be admitted now (limits slide over the last 60 s) */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the bucket is full again */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["LineItem"];
                };
            };
            /** @description Validation or business-rule failure (`Invalid request`) */
            400: {
                headers: {
                    /** @description Requests allowed per window for this credential */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests that would still be admitted now (limits slide over the last 60 s) */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the bucket is full again */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No credential was sent (`Missing API key`); The credential is malformed, unknown, revoked or expired (`Invalid API key`) */
            401: {
                headers: {
                    /** @description Requests allowed per window for this credential */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests that would still be admitted now (limits slide over the last 60 s) */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the bucket is full again */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The key is read-only, or the token was granted reading only (`errors.apiKeyReadOnly`); The object is outside the key's or token's scope (`errors.apiKeyObjectDenied`); The user's role does not allow this on the object (`errors.permissionDenied`) */
            403: {
                headers: {
                    /** @description Requests allowed per window for this credential */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests that would still be admitted now (limits slide over the last 60 s) */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the bucket is full again */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description An Idempotency-Key reused with another body, or a concurrent change (the object's fields, a deadlock): retry; or an approval request already decided (decisions are final); or an import already done or failed, which cannot be cancelled (`Conflict`) */
            409: {
                headers: {
                    /** @description Requests allowed per window for this credential */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests that would still be admitted now (limits slide over the last 60 s) */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the bucket is full again */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The body exceeds MAX_BODY_BYTES, or a CSV file to import exceeds IMPORT_MAX_BYTES (`Request body too large`) */
            413: {
                headers: {
                    /** @description Requests allowed per window for this credential */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests that would still be admitted now (limits slide over the last 60 s) */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the bucket is full again */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The body is not JSON (`Content-Type must be application/json`) */
            415: {
                headers: {
                    /** @description Requests allowed per window for this credential */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests that would still be admitted now (limits slide over the last 60 s) */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the bucket is full again */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too many requests for this credential; see Retry-After (`Rate limit exceeded`) */
            429: {
                headers: {
                    /** @description Requests allowed per window for this credential */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests that would still be admitted now (limits slide over the last 60 s) */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the bucket is full again */
                    "X-RateLimit-Reset"?: number;
                    /** @description Seconds to wait */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unexpected failure; quote the requestId when reporting it (`Internal server error`) */
            500: {
                headers: {
                    /** @description Requests allowed per window for this credential */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests that would still be admitted now (limits slide over the last 60 s) */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the bucket is full again */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A dependency (the database) did not answer in time; retry after Retry-After seconds (`Service temporarily unavailable`); The company (tenant) already runs DB_TENANT_CONCURRENCY database transactions in this instance and this one's queue did not move for a second (or it waited 10 seconds); other companies are served meanwhile; see Retry-After (`Too many database requests of this company at once; retry later`); The shared rate limiter (Redis) is unreachable, so requests are refused rather than admitted unlimited; see Retry-After (`Rate limiter unavailable`) */
            503: {
                headers: {
                    /** @description Seconds to wait */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "line-items.delete": {
        parameters: {
            query: {
                /** @description The line item's id */
                id: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Delete a line item */
            204: {
                headers: {
                    /** @description Requests allowed per window for this credential */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests that would still be admitted now (limits slide over the last 60 s) */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the bucket is full again */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Validation or business-rule failure (`Invalid request`) */
            400: {
                headers: {
                    /** @description Requests allowed per window for this credential */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests that would still be admitted now (limits slide over the last 60 s) */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the bucket is full again */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No credential was sent (`Missing API key`); The credential is malformed, unknown, revoked or expired (`Invalid API key`) */
            401: {
                headers: {
                    /** @description Requests allowed per window for this credential */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests that would still be admitted now (limits slide over the last 60 s) */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the bucket is full again */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The key is read-only, or the token was granted reading only (`errors.apiKeyReadOnly`); The object is outside the key's or token's scope (`errors.apiKeyObjectDenied`); The user's role does not allow this on the object (`errors.permissionDenied`) */
            403: {
                headers: {
                    /** @description Requests allowed per window for this credential */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests that would still be admitted now (limits slide over the last 60 s) */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the bucket is full again */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Object or record not found (`Not found`) */
            404: {
                headers: {
                    /** @description Requests allowed per window for this credential */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests that would still be admitted now (limits slide over the last 60 s) */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the bucket is full again */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too many requests for this credential; see Retry-After (`Rate limit exceeded`) */
            429: {
                headers: {
                    /** @description Requests allowed per window for this credential */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests that would still be admitted now (limits slide over the last 60 s) */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the bucket is full again */
                    "X-RateLimit-Reset"?: number;
                    /** @description Seconds to wait */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unexpected failure; quote the requestId when reporting it (`Internal server error`) */
            500: {
                headers: {
                    /** @description Requests allowed per window for this credential */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests that would still be admitted now (limits slide over the last 60 s) */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the bucket is full again */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A dependency (the database) did not answer in time; retry after Retry-After seconds (`Service temporarily unavailable`); The company (tenant) already runs DB_TENANT_CONCURRENCY database transactions in this instance and this one's queue did not move for a second (or it waited 10 seconds); other companies are served meanwhile; see Retry-After (`Too many database requests of this company at once; retry later`); The shared rate limiter (Redis) is unreachable, so requests are refused rather than admitted unlimited; see Retry-After (`Rate limiter unavailable`) */
            503: {
                headers: {
                    /** @description Seconds to wait */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "line-items.update": {
        parameters: {
            query?: never;
            header?: {
                /** @description Repeat a request safely: the same key and body within 24 hours return the first response exactly (header Idempotent-Replayed: true); a different body gets 409. 1 to 255 characters, no control characters. */
                "Idempotency-Key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        /** @description UTF-8 JSON of at most 4194304 bytes (the server's MAX_BODY_BYTES; larger bodies get 413, bytes that are not UTF-8 a 400). The credential is checked before the body is read. */
        requestBody: {
            content: {
                "application/json": components["schemas"]["LineItemChangesWithId"];
            };
        };
        responses: {
            /** @description Update a line item */
            200: {
                headers: {
                    /** @description Requests allowed per window for this credential */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests that would still be admitted now (limits slide over the last 60 s) */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the bucket is full again */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["LineItem"];
                };
            };
            /** @description Validation or business-rule failure (`Invalid request`) */
            400: {
                headers: {
                    /** @description Requests allowed per window for this credential */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests that would still be admitted now (limits slide over the last 60 s) */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the bucket is full again */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No credential was sent (`Missing API key`); The credential is malformed, unknown, revoked or expired (`Invalid API key`) */
            401: {
                headers: {
                    /** @description Requests allowed per window for this credential */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests that would still be admitted now (limits slide over the last 60 s) */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the bucket is full again */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The key is read-only, or the token was granted reading only (`errors.apiKeyReadOnly`); The object is outside the key's or token's scope (`errors.apiKeyObjectDenied`); The user's role does not allow this on the object (`errors.permissionDenied`) */
            403: {
                headers: {
                    /** @description Requests allowed per window for this credential */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests that would still be admitted now (limits slide over the last 60 s) */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the bucket is full again */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Object or record not found (`Not found`) */
            404: {
                headers: {
                    /** @description Requests allowed per window for this credential */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests that would still be admitted now (limits slide over the last 60 s) */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the bucket is full again */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description An Idempotency-Key reused with another body, or a concurrent change (the object's fields, a deadlock): retry; or an approval request already decided (decisions are final); or an import already done or failed, which cannot be cancelled (`Conflict`) */
            409: {
                headers: {
                    /** @description Requests allowed per window for this credential */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests that would still be admitted now (limits slide over the last 60 s) */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the bucket is full again */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The body exceeds MAX_BODY_BYTES, or a CSV file to import exceeds IMPORT_MAX_BYTES (`Request body too large`) */
            413: {
                headers: {
                    /** @description Requests allowed per window for this credential */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests that would still be admitted now (limits slide over the last 60 s) */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the bucket is full again */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The body is not JSON (`Content-Type must be application/json`) */
            415: {
                headers: {
                    /** @description Requests allowed per window for this credential */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests that would still be admitted now (limits slide over the last 60 s) */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the bucket is full again */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too many requests for this credential; see Retry-After (`Rate limit exceeded`) */
            429: {
                headers: {
                    /** @description Requests allowed per window for this credential */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests that would still be admitted now (limits slide over the last 60 s) */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the bucket is full again */
                    "X-RateLimit-Reset"?: number;
                    /** @description Seconds to wait */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unexpected failure; quote the requestId when reporting it (`Internal server error`) */
            500: {
                headers: {
                    /** @description Requests allowed per window for this credential */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests that would still be admitted now (limits slide over the last 60 s) */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the bucket is full again */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A dependency (the database) did not answer in time; retry after Retry-After seconds (`Service temporarily unavailable`); The company (tenant) already runs DB_TENANT_CONCURRENCY database transactions in this instance and this one's queue did not move for a second (or it waited 10 seconds); other companies are served meanwhile; see Retry-After (`Too many database requests of this company at once; retry later`); The shared rate limiter (Redis) is unreachable, so requests are refused rather than admitted unlimited; see Retry-After (`Rate limiter unavailable`) */
            503: {
                headers: {
                    /** @description Seconds to wait */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "line-items.delete-by-id": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The line item's id */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Delete a line item by path */
            204: {
                headers: {
                    /** @description Requests allowed per window for this credential */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests that would still be admitted now (limits slide over the last 60 s) */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the bucket is full again */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Validation or business-rule failure (`Invalid request`) */
            400: {
                headers: {
                    /** @description Requests allowed per window for this credential */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests that would still be admitted now (limits slide over the last 60 s) */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the bucket is full again */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No credential was sent (`Missing API key`); The credential is malformed, unknown, revoked or expired (`Invalid API key`) */
            401: {
                headers: {
                    /** @description Requests allowed per window for this credential */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests that would still be admitted now (limits slide over the last 60 s) */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the bucket is full again */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The key is read-only, or the token was granted reading only (`errors.apiKeyReadOnly`); The object is outside the key's or token's scope (`errors.apiKeyObjectDenied`); The user's role does not allow this on the object (`errors.permissionDenied`) */
            403: {
                headers: {
                    /** @description Requests allowed per window for this credential */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests that would still be admitted now (limits slide over the last 60 s) */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the bucket is full again */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Object or record not found (`Not found`) */
            404: {
                headers: {
                    /** @description Requests allowed per window for this credential */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests that would still be admitted now (limits slide over the last 60 s) */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the bucket is full again */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too many requests for this credential; see Retry-After (`Rate limit exceeded`) */
            429: {
                headers: {
                    /** @description Requests allowed per window for this credential */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests that would still be admitted now (limits slide over the last 60 s) */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the bucket is full again */
                    "X-RateLimit-Reset"?: number;
                    /** @description Seconds to wait */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unexpected failure; quote the requestId when reporting it (`Internal server error`) */
            500: {
                headers: {
                    /** @description Requests allowed per window for this credential */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests that would still be admitted now (limits slide over the last 60 s) */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the bucket is full again */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A dependency (the database) did not answer in time; retry after Retry-After seconds (`Service temporarily unavailable`); The company (tenant) already runs DB_TENANT_CONCURRENCY database transactions in this instance and this one's queue did not move for a second (or it waited 10 seconds); other companies are served meanwhile; see Retry-After (`Too many database requests of this company at once; retry later`); The shared rate limiter (Redis) is unreachable, so requests are refused rather than admitted unlimited; see Retry-After (`Rate limiter unavailable`) */
            503: {
                headers: {
                    /** @description Seconds to wait */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "line-items.update-by-id": {
        parameters: {
            query?: never;
            header?: {
                /** @description Repeat a request safely: the same key and body within 24 hours return the first response exactly (header Idempotent-Replayed: true); a different body gets 409. 1 to 255 characters, no control characters. */
                "Idempotency-Key"?: string;
            };
            path: {
                /** @description The line item's id */
                id: string;
            };
            cookie?: never;
        };
        /** @description UTF-8 JSON of at most 4194304 bytes (the server's MAX_BODY_BYTES; larger bodies get 413, bytes that are not UTF-8 a 400). The credential is checked before the body is read. */
        requestBody: {
            content: {
                "application/json": components["schemas"]["LineItemChanges"];
            };
        };
        responses: {
            /** @description Update a line item by path */
            200: {
                headers: {
                    /** @description Requests allowed per window for this credential */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests that would still be admitted now (limits slide over the last 60 s) */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the bucket is full again */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["LineItem"];
                };
            };
            /** @description Validation or business-rule failure (`Invalid request`) */
            400: {
                headers: {
                    /** @description Requests allowed per window for this credential */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests that would still be admitted now (limits slide over the last 60 s) */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the bucket is full again */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No credential was sent (`Missing API key`); The credential is malformed, unknown, revoked or expired (`Invalid API key`) */
            401: {
                headers: {
                    /** @description Requests allowed per window for this credential */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests that would still be admitted now (limits slide over the last 60 s) */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the bucket is full again */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The key is read-only, or the token was granted reading only (`errors.apiKeyReadOnly`); The object is outside the key's or token's scope (`errors.apiKeyObjectDenied`); The user's role does not allow this on the object (`errors.permissionDenied`) */
            403: {
                headers: {
                    /** @description Requests allowed per window for this credential */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests that would still be admitted now (limits slide over the last 60 s) */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the bucket is full again */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Object or record not found (`Not found`) */
            404: {
                headers: {
                    /** @description Requests allowed per window for this credential */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests that would still be admitted now (limits slide over the last 60 s) */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the bucket is full again */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description An Idempotency-Key reused with another body, or a concurrent change (the object's fields, a deadlock): retry; or an approval request already decided (decisions are final); or an import already done or failed, which cannot be cancelled (`Conflict`) */
            409: {
                headers: {
                    /** @description Requests allowed per window for this credential */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests that would still be admitted now (limits slide over the last 60 s) */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the bucket is full again */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The body exceeds MAX_BODY_BYTES, or a CSV file to import exceeds IMPORT_MAX_BYTES (`Request body too large`) */
            413: {
                headers: {
                    /** @description Requests allowed per window for this credential */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests that would still be admitted now (limits slide over the last 60 s) */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the bucket is full again */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The body is not JSON (`Content-Type must be application/json`) */
            415: {
                headers: {
                    /** @description Requests allowed per window for this credential */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests that would still be admitted now (limits slide over the last 60 s) */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the bucket is full again */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too many requests for this credential; see Retry-After (`Rate limit exceeded`) */
            429: {
                headers: {
                    /** @description Requests allowed per window for this credential */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests that would still be admitted now (limits slide over the last 60 s) */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the bucket is full again */
                    "X-RateLimit-Reset"?: number;
                    /** @description Seconds to wait */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unexpected failure; quote the requestId when reporting it (`Internal server error`) */
            500: {
                headers: {
                    /** @description Requests allowed per window for this credential */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests that would still be admitted now (limits slide over the last 60 s) */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the bucket is full again */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A dependency (the database) did not answer in time; retry after Retry-After seconds (`Service temporarily unavailable`); The company (tenant) already runs DB_TENANT_CONCURRENCY database transactions in this instance and this one's queue did not move for a second (or it waited 10 seconds); other companies are served meanwhile; see Retry-After (`Too many database requests of this company at once; retry later`); The shared rate limiter (Redis) is unreachable, so requests are refused rather than admitted unlimited; see Retry-After (`Rate limiter unavailable`) */
            503: {
                headers: {
                    /** @description Seconds to wait */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "attachments.list": {
        parameters: {
            query: {
                /** @description The record whose files to list */
                recordId: string;
                /** @description The object of that record, e.g. contact */
                objectApiName: string;
                /** @description Files per page */
                limit?: number;
                /** @description Files to skip */
                offset?: number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description List a record's attachments */
            200: {
                headers: {
                    /** @description Requests allowed per window for this credential */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests that would still be admitted now (limits slide over the last 60 s) */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the bucket is full again */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AttachmentPage"];
                };
            };
            /** @description Validation or business-rule failure (`Invalid request`) */
            400: {
                headers: {
                    /** @description Requests allowed per window for this credential */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests that would still be admitted now (limits slide over the last 60 s) */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the bucket is full again */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No credential was sent (`Missing API key`); The credential is malformed, unknown, revoked or expired (`Invalid API key`) */
            401: {
                headers: {
                    /** @description Requests allowed per window for this credential */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests that would still be admitted now (limits slide over the last 60 s) */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the bucket is full again */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The object is outside the key's or token's scope (`errors.apiKeyObjectDenied`); The user's role does not allow this on the object (`errors.permissionDenied`) */
            403: {
                headers: {
                    /** @description Requests allowed per window for this credential */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests that would still be admitted now (limits slide over the last 60 s) */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the bucket is full again */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Object or record not found (`Not found`) */
            404: {
                headers: {
                    /** @description Requests allowed per window for this credential */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests that would still be admitted now (limits slide over the last 60 s) */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the bucket is full again */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too many requests for this credential; see Retry-After (`Rate limit exceeded`) */
            429: {
                headers: {
                    /** @description Requests allowed per window for this credential */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests that would still be admitted now (limits slide over the last 60 s) */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the bucket is full again */
                    "X-RateLimit-Reset"?: number;
                    /** @description Seconds to wait */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unexpected failure; quote the requestId when reporting it (`Internal server error`) */
            500: {
                headers: {
                    /** @description Requests allowed per window for this credential */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests that would still be admitted now (limits slide over the last 60 s) */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the bucket is full again */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A dependency (the database) did not answer in time; retry after Retry-After seconds (`Service temporarily unavailable`); The company (tenant) already runs DB_TENANT_CONCURRENCY database transactions in this instance and this one's queue did not move for a second (or it waited 10 seconds); other companies are served meanwhile; see Retry-After (`Too many database requests of this company at once; retry later`); The shared rate limiter (Redis) is unreachable, so requests are refused rather than admitted unlimited; see Retry-After (`Rate limiter unavailable`) */
            503: {
                headers: {
                    /** @description Seconds to wait */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "attachments.register": {
        parameters: {
            query?: never;
            header?: {
                /** @description Repeat a request safely: the same key and body within 24 hours return the first response exactly (header Idempotent-Replayed: true); a different body gets 409. 1 to 255 characters, no control characters. */
                "Idempotency-Key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        /** @description UTF-8 JSON of at most 4194304 bytes (the server's MAX_BODY_BYTES; larger bodies get 413, bytes that are not UTF-8 a 400). The credential is checked before the body is read. */
        requestBody: {
            content: {
                "application/json": components["schemas"]["AttachmentRegistration"];
            };
        };
        responses: {
            /** @description Register an uploaded file (step 3) */
            201: {
                headers: {
                    /** @description Requests allowed per window for this credential */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests that would still be admitted now (limits slide over the last 60 s) */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the bucket is full again */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Attachment"];
                };
            };
            /** @description Validation or business-rule failure (`Invalid request`) */
            400: {
                headers: {
                    /** @description Requests allowed per window for this credential */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests that would still be admitted now (limits slide over the last 60 s) */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the bucket is full again */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No credential was sent (`Missing API key`); The credential is malformed, unknown, revoked or expired (`Invalid API key`) */
            401: {
                headers: {
                    /** @description Requests allowed per window for this credential */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests that would still be admitted now (limits slide over the last 60 s) */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the bucket is full again */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The key is read-only, or the token was granted reading only (`errors.apiKeyReadOnly`); The object is outside the key's or token's scope (`errors.apiKeyObjectDenied`); The user's role does not allow this on the object (`errors.permissionDenied`) */
            403: {
                headers: {
                    /** @description Requests allowed per window for this credential */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests that would still be admitted now (limits slide over the last 60 s) */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the bucket is full again */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Object or record not found (`Not found`) */
            404: {
                headers: {
                    /** @description Requests allowed per window for this credential */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests that would still be admitted now (limits slide over the last 60 s) */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the bucket is full again */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description An Idempotency-Key reused with another body, or a concurrent change (the object's fields, a deadlock): retry; or an approval request already decided (decisions are final); or an import already done or failed, which cannot be cancelled (`Conflict`) */
            409: {
                headers: {
                    /** @description Requests allowed per window for this credential */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests that would still be admitted now (limits slide over the last 60 s) */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the bucket is full again */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The body exceeds MAX_BODY_BYTES, or a CSV file to import exceeds IMPORT_MAX_BYTES (`Request body too large`) */
            413: {
                headers: {
                    /** @description Requests allowed per window for this credential */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests that would still be admitted now (limits slide over the last 60 s) */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the bucket is full again */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The body is not JSON (`Content-Type must be application/json`) */
            415: {
                headers: {
                    /** @description Requests allowed per window for this credential */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests that would still be admitted now (limits slide over the last 60 s) */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the bucket is full again */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too many requests for this credential; see Retry-After (`Rate limit exceeded`) */
            429: {
                headers: {
                    /** @description Requests allowed per window for this credential */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests that would still be admitted now (limits slide over the last 60 s) */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the bucket is full again */
                    "X-RateLimit-Reset"?: number;
                    /** @description Seconds to wait */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unexpected failure; quote the requestId when reporting it (`Internal server error`) */
            500: {
                headers: {
                    /** @description Requests allowed per window for this credential */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests that would still be admitted now (limits slide over the last 60 s) */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the bucket is full again */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The attachment store (S3 or the local disk) did not answer in time or failed; retry after Retry-After seconds (`The file store is unavailable; retry later`); A dependency (the database) did not answer in time; retry after Retry-After seconds (`Service temporarily unavailable`); The company (tenant) already runs DB_TENANT_CONCURRENCY database transactions in this instance and this one's queue did not move for a second (or it waited 10 seconds); other companies are served meanwhile; see Retry-After (`Too many database requests of this company at once; retry later`); The shared rate limiter (Redis) is unreachable, so requests are refused rather than admitted unlimited; see Retry-After (`Rate limiter unavailable`) */
            503: {
                headers: {
                    /** @description Seconds to wait */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "attachments.uploadUrl": {
        parameters: {
            query?: never;
            header?: {
                /** @description Repeat a request safely: the same key and body within 24 hours return the first response exactly (header Idempotent-Replayed: true); a different body gets 409. 1 to 255 characters, no control characters. */
                "Idempotency-Key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        /** @description UTF-8 JSON of at most 4194304 bytes (the server's MAX_BODY_BYTES; larger bodies get 413, bytes that are not UTF-8 a 400). The credential is checked before the body is read. */
        requestBody: {
            content: {
                "application/json": components["schemas"]["AttachmentUploadRequest"];
            };
        };
        responses: {
            /** @description Get a signed upload URL (step 1) */
            200: {
                headers: {
                    /** @description Requests allowed per window for this credential */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests that would still be admitted now (limits slide over the last 60 s) */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the bucket is full again */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AttachmentUploadTicket"];
                };
            };
            /** @description Validation or business-rule failure (`Invalid request`) */
            400: {
                headers: {
                    /** @description Requests allowed per window for this credential */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests that would still be admitted now (limits slide over the last 60 s) */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the bucket is full again */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No credential was sent (`Missing API key`); The credential is malformed, unknown, revoked or expired (`Invalid API key`) */
            401: {
                headers: {
                    /** @description Requests allowed per window for this credential */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests that would still be admitted now (limits slide over the last 60 s) */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the bucket is full again */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The key is read-only, or the token was granted reading only (`errors.apiKeyReadOnly`); The object is outside the key's or token's scope (`errors.apiKeyObjectDenied`); The user's role does not allow this on the object (`errors.permissionDenied`) */
            403: {
                headers: {
                    /** @description Requests allowed per window for this credential */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests that would still be admitted now (limits slide over the last 60 s) */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the bucket is full again */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Object or record not found (`Not found`) */
            404: {
                headers: {
                    /** @description Requests allowed per window for this credential */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests that would still be admitted now (limits slide over the last 60 s) */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the bucket is full again */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description An Idempotency-Key reused with another body, or a concurrent change (the object's fields, a deadlock): retry; or an approval request already decided (decisions are final); or an import already done or failed, which cannot be cancelled (`Conflict`) */
            409: {
                headers: {
                    /** @description Requests allowed per window for this credential */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests that would still be admitted now (limits slide over the last 60 s) */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the bucket is full again */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The body exceeds MAX_BODY_BYTES, or a CSV file to import exceeds IMPORT_MAX_BYTES (`Request body too large`) */
            413: {
                headers: {
                    /** @description Requests allowed per window for this credential */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests that would still be admitted now (limits slide over the last 60 s) */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the bucket is full again */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The body is not JSON (`Content-Type must be application/json`) */
            415: {
                headers: {
                    /** @description Requests allowed per window for this credential */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests that would still be admitted now (limits slide over the last 60 s) */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the bucket is full again */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too many requests for this credential; see Retry-After (`Rate limit exceeded`) */
            429: {
                headers: {
                    /** @description Requests allowed per window for this credential */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests that would still be admitted now (limits slide over the last 60 s) */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the bucket is full again */
                    "X-RateLimit-Reset"?: number;
                    /** @description Seconds to wait */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unexpected failure; quote the requestId when reporting it (`Internal server error`) */
            500: {
                headers: {
                    /** @description Requests allowed per window for this credential */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests that would still be admitted now (limits slide over the last 60 s) */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the bucket is full again */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The attachment store (S3 or the local disk) did not answer in time or failed; retry after Retry-After seconds (`The file store is unavailable; retry later`); A dependency (the database) did not answer in time; retry after Retry-After seconds (`Service temporarily unavailable`); The company (tenant) already runs DB_TENANT_CONCURRENCY database transactions in this instance and this one's queue did not move for a second (or it waited 10 seconds); other companies are served meanwhile; see Retry-After (`Too many database requests of this company at once; retry later`); The shared rate limiter (Redis) is unreachable, so requests are refused rather than admitted unlimited; see Retry-After (`Rate limiter unavailable`) */
            503: {
                headers: {
                    /** @description Seconds to wait */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "attachments.get": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The attachment's id */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Get an attachment and its download URL */
            200: {
                headers: {
                    /** @description Requests allowed per window for this credential */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests that would still be admitted now (limits slide over the last 60 s) */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the bucket is full again */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AttachmentWithDownload"];
                };
            };
            /** @description Validation or business-rule failure (`Invalid request`) */
            400: {
                headers: {
                    /** @description Requests allowed per window for this credential */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests that would still be admitted now (limits slide over the last 60 s) */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the bucket is full again */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No credential was sent (`Missing API key`); The credential is malformed, unknown, revoked or expired (`Invalid API key`) */
            401: {
                headers: {
                    /** @description Requests allowed per window for this credential */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests that would still be admitted now (limits slide over the last 60 s) */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the bucket is full again */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The object is outside the key's or token's scope (`errors.apiKeyObjectDenied`) */
            403: {
                headers: {
                    /** @description Requests allowed per window for this credential */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests that would still be admitted now (limits slide over the last 60 s) */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the bucket is full again */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Object or record not found (`Not found`) */
            404: {
                headers: {
                    /** @description Requests allowed per window for this credential */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests that would still be admitted now (limits slide over the last 60 s) */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the bucket is full again */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too many requests for this credential; see Retry-After (`Rate limit exceeded`) */
            429: {
                headers: {
                    /** @description Requests allowed per window for this credential */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests that would still be admitted now (limits slide over the last 60 s) */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the bucket is full again */
                    "X-RateLimit-Reset"?: number;
                    /** @description Seconds to wait */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unexpected failure; quote the requestId when reporting it (`Internal server error`) */
            500: {
                headers: {
                    /** @description Requests allowed per window for this credential */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests that would still be admitted now (limits slide over the last 60 s) */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the bucket is full again */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The attachment store (S3 or the local disk) did not answer in time or failed; retry after Retry-After seconds (`The file store is unavailable; retry later`); A dependency (the database) did not answer in time; retry after Retry-After seconds (`Service temporarily unavailable`); The company (tenant) already runs DB_TENANT_CONCURRENCY database transactions in this instance and this one's queue did not move for a second (or it waited 10 seconds); other companies are served meanwhile; see Retry-After (`Too many database requests of this company at once; retry later`); The shared rate limiter (Redis) is unreachable, so requests are refused rather than admitted unlimited; see Retry-After (`Rate limiter unavailable`) */
            503: {
                headers: {
                    /** @description Seconds to wait */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "attachments.delete": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The attachment's id */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Delete an attachment */
            204: {
                headers: {
                    /** @description Requests allowed per window for this credential */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests that would still be admitted now (limits slide over the last 60 s) */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the bucket is full again */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Validation or business-rule failure (`Invalid request`) */
            400: {
                headers: {
                    /** @description Requests allowed per window for this credential */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests that would still be admitted now (limits slide over the last 60 s) */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the bucket is full again */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No credential was sent (`Missing API key`); The credential is malformed, unknown, revoked or expired (`Invalid API key`) */
            401: {
                headers: {
                    /** @description Requests allowed per window for this credential */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests that would still be admitted now (limits slide over the last 60 s) */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the bucket is full again */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The key is read-only, or the token was granted reading only (`errors.apiKeyReadOnly`); The object is outside the key's or token's scope (`errors.apiKeyObjectDenied`); The key may not delete ("Allow deletion" is off), or the token has no delete scope (records:delete, activities:delete) (`errors.apiKeyDeleteDenied`); The user's role does not allow this on the object (`errors.permissionDenied`) */
            403: {
                headers: {
                    /** @description Requests allowed per window for this credential */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests that would still be admitted now (limits slide over the last 60 s) */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the bucket is full again */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Object or record not found (`Not found`) */
            404: {
                headers: {
                    /** @description Requests allowed per window for this credential */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests that would still be admitted now (limits slide over the last 60 s) */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the bucket is full again */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too many requests for this credential; see Retry-After (`Rate limit exceeded`) */
            429: {
                headers: {
                    /** @description Requests allowed per window for this credential */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests that would still be admitted now (limits slide over the last 60 s) */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the bucket is full again */
                    "X-RateLimit-Reset"?: number;
                    /** @description Seconds to wait */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unexpected failure; quote the requestId when reporting it (`Internal server error`) */
            500: {
                headers: {
                    /** @description Requests allowed per window for this credential */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests that would still be admitted now (limits slide over the last 60 s) */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the bucket is full again */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The attachment store (S3 or the local disk) did not answer in time or failed; retry after Retry-After seconds (`The file store is unavailable; retry later`); A dependency (the database) did not answer in time; retry after Retry-After seconds (`Service temporarily unavailable`); The company (tenant) already runs DB_TENANT_CONCURRENCY database transactions in this instance and this one's queue did not move for a second (or it waited 10 seconds); other companies are served meanwhile; see Retry-After (`Too many database requests of this company at once; retry later`); The shared rate limiter (Redis) is unreachable, so requests are refused rather than admitted unlimited; see Retry-After (`Rate limiter unavailable`) */
            503: {
                headers: {
                    /** @description Seconds to wait */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "imports.preview": {
        parameters: {
            query?: never;
            header?: {
                /** @description Repeat a request safely: the same key and body within 24 hours return the first response exactly (header Idempotent-Replayed: true); a different body gets 409. 1 to 255 characters, no control characters. */
                "Idempotency-Key"?: string;
            };
            path: {
                /** @description The object's apiName, e.g. contact, company, opportunity (the objects list gives them all) */
                object: string;
            };
            cookie?: never;
        };
        /** @description UTF-8 JSON of at most 4194304 bytes (the server's MAX_BODY_BYTES; larger bodies get 413, bytes that are not UTF-8 a 400). The credential is checked before the body is read. Or multipart/form-data: the file in the part `file` (at most the preview's 1 MiB, 1048576 bytes here; larger files get 413), written to a temporary file as it arrives, and the other fields as parts. */
        requestBody: {
            content: {
                "application/json": {
                    /**
                     * Format: uuid
                     * @description Instead of a file: an attachment already uploaded (POST /attachments) holding the CSV
                     */
                    attachmentId?: string;
                    /**
                     * @description create (default): every row makes a record; upsert: a row updates the record holding its upsertOn value, or makes one
                     * @default create
                     * @enum {string}
                     */
                    mode?: "create" | "upsert";
                    /** @description With mode upsert: the apiName of a unique field (e.g. email), which every row must have a value for */
                    upsertOn?: string;
                    /** @description CSV column header → field apiName (null leaves the column out); columns it does not name are left out. Without it, columns fill the fields whose apiName or label they match, ignoring case and accents. In a multipart body, a JSON string. */
                    mapping?: {
                        [key: string]: string | null;
                    };
                };
                "multipart/form-data": {
                    /**
                     * Format: uuid
                     * @description Instead of a file: an attachment already uploaded (POST /attachments) holding the CSV
                     */
                    attachmentId?: string;
                    /**
                     * @description create (default): every row makes a record; upsert: a row updates the record holding its upsertOn value, or makes one
                     * @default create
                     * @enum {string}
                     */
                    mode?: "create" | "upsert";
                    /** @description With mode upsert: the apiName of a unique field (e.g. email), which every row must have a value for */
                    upsertOn?: string;
                    /** @description CSV column header → field apiName (null leaves the column out); columns it does not name are left out. Without it, columns fill the fields whose apiName or label they match, ignoring case and accents. In a multipart body, a JSON string. */
                    mapping?: {
                        [key: string]: string | null;
                    };
                    /** @description The CSV file (multipart/form-data only), at most IMPORT_MAX_BYTES (52428800 unless configured) */
                    file?: string;
                };
            };
        };
        responses: {
            /** @description Preview a CSV import */
            200: {
                headers: {
                    /** @description Requests allowed per window for this credential */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests that would still be admitted now (limits slide over the last 60 s) */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the bucket is full again */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ImportPreview"];
                };
            };
            /** @description Validation or business-rule failure (`Invalid request`) */
            400: {
                headers: {
                    /** @description Requests allowed per window for this credential */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests that would still be admitted now (limits slide over the last 60 s) */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the bucket is full again */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No credential was sent (`Missing API key`); The credential is malformed, unknown, revoked or expired (`Invalid API key`) */
            401: {
                headers: {
                    /** @description Requests allowed per window for this credential */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests that would still be admitted now (limits slide over the last 60 s) */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the bucket is full again */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The key is read-only, or the token was granted reading only (`errors.apiKeyReadOnly`); The object is outside the key's or token's scope (`errors.apiKeyObjectDenied`); The user's role does not allow this on the object (`errors.permissionDenied`) */
            403: {
                headers: {
                    /** @description Requests allowed per window for this credential */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests that would still be admitted now (limits slide over the last 60 s) */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the bucket is full again */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Object or record not found (`Not found`) */
            404: {
                headers: {
                    /** @description Requests allowed per window for this credential */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests that would still be admitted now (limits slide over the last 60 s) */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the bucket is full again */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description An Idempotency-Key reused with another body, or a concurrent change (the object's fields, a deadlock): retry; or an approval request already decided (decisions are final); or an import already done or failed, which cannot be cancelled (`Conflict`) */
            409: {
                headers: {
                    /** @description Requests allowed per window for this credential */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests that would still be admitted now (limits slide over the last 60 s) */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the bucket is full again */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The body exceeds MAX_BODY_BYTES, or a CSV file to import exceeds IMPORT_MAX_BYTES (`Request body too large`) */
            413: {
                headers: {
                    /** @description Requests allowed per window for this credential */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests that would still be admitted now (limits slide over the last 60 s) */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the bucket is full again */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The body is not JSON (`Content-Type must be application/json`) */
            415: {
                headers: {
                    /** @description Requests allowed per window for this credential */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests that would still be admitted now (limits slide over the last 60 s) */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the bucket is full again */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too many requests for this credential; see Retry-After (`Rate limit exceeded`) */
            429: {
                headers: {
                    /** @description Requests allowed per window for this credential */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests that would still be admitted now (limits slide over the last 60 s) */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the bucket is full again */
                    "X-RateLimit-Reset"?: number;
                    /** @description Seconds to wait */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unexpected failure; quote the requestId when reporting it (`Internal server error`) */
            500: {
                headers: {
                    /** @description Requests allowed per window for this credential */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests that would still be admitted now (limits slide over the last 60 s) */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the bucket is full again */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A dependency (the database) did not answer in time; retry after Retry-After seconds (`Service temporarily unavailable`); The company (tenant) already runs DB_TENANT_CONCURRENCY database transactions in this instance and this one's queue did not move for a second (or it waited 10 seconds); other companies are served meanwhile; see Retry-After (`Too many database requests of this company at once; retry later`); The shared rate limiter (Redis) is unreachable, so requests are refused rather than admitted unlimited; see Retry-After (`Rate limiter unavailable`) */
            503: {
                headers: {
                    /** @description Seconds to wait */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "imports.list": {
        parameters: {
            query?: {
                /** @description Imports per page */
                limit?: number;
                /** @description Imports to skip */
                offset?: number;
            };
            header?: never;
            path: {
                /** @description The object's apiName, e.g. contact, company, opportunity (the objects list gives them all) */
                object: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description List an object's imports */
            200: {
                headers: {
                    /** @description Requests allowed per window for this credential */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests that would still be admitted now (limits slide over the last 60 s) */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the bucket is full again */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ImportPage"];
                };
            };
            /** @description Validation or business-rule failure (`Invalid request`) */
            400: {
                headers: {
                    /** @description Requests allowed per window for this credential */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests that would still be admitted now (limits slide over the last 60 s) */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the bucket is full again */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No credential was sent (`Missing API key`); The credential is malformed, unknown, revoked or expired (`Invalid API key`) */
            401: {
                headers: {
                    /** @description Requests allowed per window for this credential */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests that would still be admitted now (limits slide over the last 60 s) */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the bucket is full again */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The object is outside the key's or token's scope (`errors.apiKeyObjectDenied`); The user's role does not allow this on the object (`errors.permissionDenied`) */
            403: {
                headers: {
                    /** @description Requests allowed per window for this credential */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests that would still be admitted now (limits slide over the last 60 s) */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the bucket is full again */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Object or record not found (`Not found`) */
            404: {
                headers: {
                    /** @description Requests allowed per window for this credential */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests that would still be admitted now (limits slide over the last 60 s) */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the bucket is full again */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too many requests for this credential; see Retry-After (`Rate limit exceeded`) */
            429: {
                headers: {
                    /** @description Requests allowed per window for this credential */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests that would still be admitted now (limits slide over the last 60 s) */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the bucket is full again */
                    "X-RateLimit-Reset"?: number;
                    /** @description Seconds to wait */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unexpected failure; quote the requestId when reporting it (`Internal server error`) */
            500: {
                headers: {
                    /** @description Requests allowed per window for this credential */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests that would still be admitted now (limits slide over the last 60 s) */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the bucket is full again */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A dependency (the database) did not answer in time; retry after Retry-After seconds (`Service temporarily unavailable`); The company (tenant) already runs DB_TENANT_CONCURRENCY database transactions in this instance and this one's queue did not move for a second (or it waited 10 seconds); other companies are served meanwhile; see Retry-After (`Too many database requests of this company at once; retry later`); The shared rate limiter (Redis) is unreachable, so requests are refused rather than admitted unlimited; see Retry-After (`Rate limiter unavailable`) */
            503: {
                headers: {
                    /** @description Seconds to wait */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "imports.create": {
        parameters: {
            query?: never;
            header?: {
                /** @description Repeat a request safely: the same key and body within 24 hours return the first response exactly (header Idempotent-Replayed: true); a different body gets 409. 1 to 255 characters, no control characters. */
                "Idempotency-Key"?: string;
            };
            path: {
                /** @description The object's apiName, e.g. contact, company, opportunity (the objects list gives them all) */
                object: string;
            };
            cookie?: never;
        };
        /** @description UTF-8 JSON of at most 4194304 bytes (the server's MAX_BODY_BYTES; larger bodies get 413, bytes that are not UTF-8 a 400). The credential is checked before the body is read. Or multipart/form-data: the file in the part `file` (at most IMPORT_MAX_BYTES, 52428800 bytes here; larger files get 413), written to a temporary file as it arrives, and the other fields as parts. */
        requestBody: {
            content: {
                "application/json": {
                    /**
                     * Format: uuid
                     * @description Instead of a file: an attachment already uploaded (POST /attachments) holding the CSV
                     */
                    attachmentId?: string;
                    /**
                     * @description create (default): every row makes a record; upsert: a row updates the record holding its upsertOn value, or makes one
                     * @default create
                     * @enum {string}
                     */
                    mode?: "create" | "upsert";
                    /** @description With mode upsert: the apiName of a unique field (e.g. email), which every row must have a value for */
                    upsertOn?: string;
                    /** @description CSV column header → field apiName (null leaves the column out); columns it does not name are left out. Without it, columns fill the fields whose apiName or label they match, ignoring case and accents. In a multipart body, a JSON string. */
                    mapping?: {
                        [key: string]: string | null;
                    };
                };
                "multipart/form-data": {
                    /**
                     * Format: uuid
                     * @description Instead of a file: an attachment already uploaded (POST /attachments) holding the CSV
                     */
                    attachmentId?: string;
                    /**
                     * @description create (default): every row makes a record; upsert: a row updates the record holding its upsertOn value, or makes one
                     * @default create
                     * @enum {string}
                     */
                    mode?: "create" | "upsert";
                    /** @description With mode upsert: the apiName of a unique field (e.g. email), which every row must have a value for */
                    upsertOn?: string;
                    /** @description CSV column header → field apiName (null leaves the column out); columns it does not name are left out. Without it, columns fill the fields whose apiName or label they match, ignoring case and accents. In a multipart body, a JSON string. */
                    mapping?: {
                        [key: string]: string | null;
                    };
                    /** @description The CSV file (multipart/form-data only), at most IMPORT_MAX_BYTES (52428800 unless configured) */
                    file?: string;
                };
            };
        };
        responses: {
            /** @description Import records from a CSV file */
            202: {
                headers: {
                    /** @description Requests allowed per window for this credential */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests that would still be admitted now (limits slide over the last 60 s) */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the bucket is full again */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Import"];
                };
            };
            /** @description Validation or business-rule failure (`Invalid request`) */
            400: {
                headers: {
                    /** @description Requests allowed per window for this credential */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests that would still be admitted now (limits slide over the last 60 s) */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the bucket is full again */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No credential was sent (`Missing API key`); The credential is malformed, unknown, revoked or expired (`Invalid API key`) */
            401: {
                headers: {
                    /** @description Requests allowed per window for this credential */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests that would still be admitted now (limits slide over the last 60 s) */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the bucket is full again */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The key is read-only, or the token was granted reading only (`errors.apiKeyReadOnly`); The object is outside the key's or token's scope (`errors.apiKeyObjectDenied`); The user's role does not allow this on the object (`errors.permissionDenied`) */
            403: {
                headers: {
                    /** @description Requests allowed per window for this credential */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests that would still be admitted now (limits slide over the last 60 s) */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the bucket is full again */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Object or record not found (`Not found`) */
            404: {
                headers: {
                    /** @description Requests allowed per window for this credential */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests that would still be admitted now (limits slide over the last 60 s) */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the bucket is full again */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description An Idempotency-Key reused with another body, or a concurrent change (the object's fields, a deadlock): retry; or an approval request already decided (decisions are final); or an import already done or failed, which cannot be cancelled (`Conflict`) */
            409: {
                headers: {
                    /** @description Requests allowed per window for this credential */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests that would still be admitted now (limits slide over the last 60 s) */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the bucket is full again */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The body exceeds MAX_BODY_BYTES, or a CSV file to import exceeds IMPORT_MAX_BYTES (`Request body too large`) */
            413: {
                headers: {
                    /** @description Requests allowed per window for this credential */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests that would still be admitted now (limits slide over the last 60 s) */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the bucket is full again */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The body is not JSON (`Content-Type must be application/json`) */
            415: {
                headers: {
                    /** @description Requests allowed per window for this credential */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests that would still be admitted now (limits slide over the last 60 s) */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the bucket is full again */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too many requests for this credential; see Retry-After (`Rate limit exceeded`) */
            429: {
                headers: {
                    /** @description Requests allowed per window for this credential */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests that would still be admitted now (limits slide over the last 60 s) */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the bucket is full again */
                    "X-RateLimit-Reset"?: number;
                    /** @description Seconds to wait */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unexpected failure; quote the requestId when reporting it (`Internal server error`) */
            500: {
                headers: {
                    /** @description Requests allowed per window for this credential */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests that would still be admitted now (limits slide over the last 60 s) */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the bucket is full again */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The attachment store (S3 or the local disk) did not answer in time or failed; retry after Retry-After seconds (`The file store is unavailable; retry later`); A dependency (the database) did not answer in time; retry after Retry-After seconds (`Service temporarily unavailable`); The company (tenant) already runs DB_TENANT_CONCURRENCY database transactions in this instance and this one's queue did not move for a second (or it waited 10 seconds); other companies are served meanwhile; see Retry-After (`Too many database requests of this company at once; retry later`); The shared rate limiter (Redis) is unreachable, so requests are refused rather than admitted unlimited; see Retry-After (`Rate limiter unavailable`) */
            503: {
                headers: {
                    /** @description Seconds to wait */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "imports.get": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The object's apiName, e.g. contact, company, opportunity (the objects list gives them all) */
                object: string;
                /** @description The import's id */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Get an import's progress */
            200: {
                headers: {
                    /** @description Requests allowed per window for this credential */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests that would still be admitted now (limits slide over the last 60 s) */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the bucket is full again */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Import"];
                };
            };
            /** @description Validation or business-rule failure (`Invalid request`) */
            400: {
                headers: {
                    /** @description Requests allowed per window for this credential */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests that would still be admitted now (limits slide over the last 60 s) */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the bucket is full again */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No credential was sent (`Missing API key`); The credential is malformed, unknown, revoked or expired (`Invalid API key`) */
            401: {
                headers: {
                    /** @description Requests allowed per window for this credential */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests that would still be admitted now (limits slide over the last 60 s) */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the bucket is full again */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The object is outside the key's or token's scope (`errors.apiKeyObjectDenied`); The user's role does not allow this on the object (`errors.permissionDenied`) */
            403: {
                headers: {
                    /** @description Requests allowed per window for this credential */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests that would still be admitted now (limits slide over the last 60 s) */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the bucket is full again */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Object or record not found (`Not found`) */
            404: {
                headers: {
                    /** @description Requests allowed per window for this credential */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests that would still be admitted now (limits slide over the last 60 s) */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the bucket is full again */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too many requests for this credential; see Retry-After (`Rate limit exceeded`) */
            429: {
                headers: {
                    /** @description Requests allowed per window for this credential */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests that would still be admitted now (limits slide over the last 60 s) */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the bucket is full again */
                    "X-RateLimit-Reset"?: number;
                    /** @description Seconds to wait */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unexpected failure; quote the requestId when reporting it (`Internal server error`) */
            500: {
                headers: {
                    /** @description Requests allowed per window for this credential */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests that would still be admitted now (limits slide over the last 60 s) */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the bucket is full again */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A dependency (the database) did not answer in time; retry after Retry-After seconds (`Service temporarily unavailable`); The company (tenant) already runs DB_TENANT_CONCURRENCY database transactions in this instance and this one's queue did not move for a second (or it waited 10 seconds); other companies are served meanwhile; see Retry-After (`Too many database requests of this company at once; retry later`); The shared rate limiter (Redis) is unreachable, so requests are refused rather than admitted unlimited; see Retry-After (`Rate limiter unavailable`) */
            503: {
                headers: {
                    /** @description Seconds to wait */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "imports.cancel": {
        parameters: {
            query?: never;
            header?: {
                /** @description Repeat a request safely: the same key and body within 24 hours return the first response exactly (header Idempotent-Replayed: true); a different body gets 409. 1 to 255 characters, no control characters. */
                "Idempotency-Key"?: string;
            };
            path: {
                /** @description The object's apiName, e.g. contact, company, opportunity (the objects list gives them all) */
                object: string;
                /** @description The import's id */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Cancel an import */
            200: {
                headers: {
                    /** @description Requests allowed per window for this credential */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests that would still be admitted now (limits slide over the last 60 s) */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the bucket is full again */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Import"];
                };
            };
            /** @description Validation or business-rule failure (`Invalid request`) */
            400: {
                headers: {
                    /** @description Requests allowed per window for this credential */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests that would still be admitted now (limits slide over the last 60 s) */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the bucket is full again */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No credential was sent (`Missing API key`); The credential is malformed, unknown, revoked or expired (`Invalid API key`) */
            401: {
                headers: {
                    /** @description Requests allowed per window for this credential */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests that would still be admitted now (limits slide over the last 60 s) */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the bucket is full again */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The key is read-only, or the token was granted reading only (`errors.apiKeyReadOnly`); The object is outside the key's or token's scope (`errors.apiKeyObjectDenied`); The user's role does not allow this on the object (`errors.permissionDenied`) */
            403: {
                headers: {
                    /** @description Requests allowed per window for this credential */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests that would still be admitted now (limits slide over the last 60 s) */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the bucket is full again */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Object or record not found (`Not found`) */
            404: {
                headers: {
                    /** @description Requests allowed per window for this credential */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests that would still be admitted now (limits slide over the last 60 s) */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the bucket is full again */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description An Idempotency-Key reused with another body, or a concurrent change (the object's fields, a deadlock): retry; or an approval request already decided (decisions are final); or an import already done or failed, which cannot be cancelled (`Conflict`) */
            409: {
                headers: {
                    /** @description Requests allowed per window for this credential */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests that would still be admitted now (limits slide over the last 60 s) */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the bucket is full again */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too many requests for this credential; see Retry-After (`Rate limit exceeded`) */
            429: {
                headers: {
                    /** @description Requests allowed per window for this credential */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests that would still be admitted now (limits slide over the last 60 s) */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the bucket is full again */
                    "X-RateLimit-Reset"?: number;
                    /** @description Seconds to wait */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unexpected failure; quote the requestId when reporting it (`Internal server error`) */
            500: {
                headers: {
                    /** @description Requests allowed per window for this credential */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests that would still be admitted now (limits slide over the last 60 s) */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the bucket is full again */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The attachment store (S3 or the local disk) did not answer in time or failed; retry after Retry-After seconds (`The file store is unavailable; retry later`); A dependency (the database) did not answer in time; retry after Retry-After seconds (`Service temporarily unavailable`); The company (tenant) already runs DB_TENANT_CONCURRENCY database transactions in this instance and this one's queue did not move for a second (or it waited 10 seconds); other companies are served meanwhile; see Retry-After (`Too many database requests of this company at once; retry later`); The shared rate limiter (Redis) is unreachable, so requests are refused rather than admitted unlimited; see Retry-After (`Rate limiter unavailable`) */
            503: {
                headers: {
                    /** @description Seconds to wait */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "imports.errors": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The object's apiName, e.g. contact, company, opportunity (the objects list gives them all) */
                object: string;
                /** @description The import's id */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Download an import's failed rows */
            200: {
                headers: {
                    /** @description Requests allowed per window for this credential */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests that would still be admitted now (limits slide over the last 60 s) */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the bucket is full again */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "text/csv": string;
                };
            };
            /** @description Validation or business-rule failure (`Invalid request`) */
            400: {
                headers: {
                    /** @description Requests allowed per window for this credential */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests that would still be admitted now (limits slide over the last 60 s) */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the bucket is full again */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No credential was sent (`Missing API key`); The credential is malformed, unknown, revoked or expired (`Invalid API key`) */
            401: {
                headers: {
                    /** @description Requests allowed per window for this credential */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests that would still be admitted now (limits slide over the last 60 s) */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the bucket is full again */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The object is outside the key's or token's scope (`errors.apiKeyObjectDenied`); The user's role does not allow this on the object (`errors.permissionDenied`) */
            403: {
                headers: {
                    /** @description Requests allowed per window for this credential */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests that would still be admitted now (limits slide over the last 60 s) */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the bucket is full again */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Object or record not found (`Not found`) */
            404: {
                headers: {
                    /** @description Requests allowed per window for this credential */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests that would still be admitted now (limits slide over the last 60 s) */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the bucket is full again */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too many requests for this credential; see Retry-After (`Rate limit exceeded`) */
            429: {
                headers: {
                    /** @description Requests allowed per window for this credential */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests that would still be admitted now (limits slide over the last 60 s) */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the bucket is full again */
                    "X-RateLimit-Reset"?: number;
                    /** @description Seconds to wait */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unexpected failure; quote the requestId when reporting it (`Internal server error`) */
            500: {
                headers: {
                    /** @description Requests allowed per window for this credential */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests that would still be admitted now (limits slide over the last 60 s) */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the bucket is full again */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A dependency (the database) did not answer in time; retry after Retry-After seconds (`Service temporarily unavailable`); The company (tenant) already runs DB_TENANT_CONCURRENCY database transactions in this instance and this one's queue did not move for a second (or it waited 10 seconds); other companies are served meanwhile; see Retry-After (`Too many database requests of this company at once; retry later`); The shared rate limiter (Redis) is unreachable, so requests are refused rather than admitted unlimited; see Retry-After (`Rate limiter unavailable`) */
            503: {
                headers: {
                    /** @description Seconds to wait */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "inventory.list": {
        parameters: {
            query?: {
                /** @description `true` lists only products at or below their reorder level */
                lowStock?: boolean;
                /** @description Only this product */
                productId?: string;
                /** @description Products per page */
                limit?: number;
                /** @description Products to skip */
                offset?: number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description List inventory */
            200: {
                headers: {
                    /** @description Requests allowed per window for this credential */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests that would still be admitted now (limits slide over the last 60 s) */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the bucket is full again */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["InventoryPage"];
                };
            };
            /** @description Validation or business-rule failure (`Invalid request`) */
            400: {
                headers: {
                    /** @description Requests allowed per window for this credential */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests that would still be admitted now (limits slide over the last 60 s) */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the bucket is full again */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No credential was sent (`Missing API key`); The credential is malformed, unknown, revoked or expired (`Invalid API key`) */
            401: {
                headers: {
                    /** @description Requests allowed per window for this credential */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests that would still be admitted now (limits slide over the last 60 s) */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the bucket is full again */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The object is outside the key's or token's scope (`errors.apiKeyObjectDenied`); The user's role does not allow this on the object (`errors.permissionDenied`) */
            403: {
                headers: {
                    /** @description Requests allowed per window for this credential */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests that would still be admitted now (limits slide over the last 60 s) */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the bucket is full again */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Object or record not found (`Not found`) */
            404: {
                headers: {
                    /** @description Requests allowed per window for this credential */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests that would still be admitted now (limits slide over the last 60 s) */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the bucket is full again */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too many requests for this credential; see Retry-After (`Rate limit exceeded`) */
            429: {
                headers: {
                    /** @description Requests allowed per window for this credential */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests that would still be admitted now (limits slide over the last 60 s) */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the bucket is full again */
                    "X-RateLimit-Reset"?: number;
                    /** @description Seconds to wait */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unexpected failure; quote the requestId when reporting it (`Internal server error`) */
            500: {
                headers: {
                    /** @description Requests allowed per window for this credential */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests that would still be admitted now (limits slide over the last 60 s) */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the bucket is full again */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A dependency (the database) did not answer in time; retry after Retry-After seconds (`Service temporarily unavailable`); The company (tenant) already runs DB_TENANT_CONCURRENCY database transactions in this instance and this one's queue did not move for a second (or it waited 10 seconds); other companies are served meanwhile; see Retry-After (`Too many database requests of this company at once; retry later`); The shared rate limiter (Redis) is unreachable, so requests are refused rather than admitted unlimited; see Retry-After (`Rate limiter unavailable`) */
            503: {
                headers: {
                    /** @description Seconds to wait */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "inventory.adjust": {
        parameters: {
            query?: never;
            header?: {
                /** @description Repeat a request safely: the same key and body within 24 hours return the first response exactly (header Idempotent-Replayed: true); a different body gets 409. 1 to 255 characters, no control characters. */
                "Idempotency-Key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        /** @description UTF-8 JSON of at most 4194304 bytes (the server's MAX_BODY_BYTES; larger bodies get 413, bytes that are not UTF-8 a 400). The credential is checked before the body is read. */
        requestBody: {
            content: {
                "application/json": components["schemas"]["StockAdjustment"];
            };
        };
        responses: {
            /** @description Adjust stock */
            201: {
                headers: {
                    /** @description Requests allowed per window for this credential */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests that would still be admitted now (limits slide over the last 60 s) */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the bucket is full again */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["InventoryItem"];
                };
            };
            /** @description Validation or business-rule failure (`Invalid request`) */
            400: {
                headers: {
                    /** @description Requests allowed per window for this credential */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests that would still be admitted now (limits slide over the last 60 s) */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the bucket is full again */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No credential was sent (`Missing API key`); The credential is malformed, unknown, revoked or expired (`Invalid API key`) */
            401: {
                headers: {
                    /** @description Requests allowed per window for this credential */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests that would still be admitted now (limits slide over the last 60 s) */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the bucket is full again */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The key is read-only, or the token was granted reading only (`errors.apiKeyReadOnly`); The object is outside the key's or token's scope (`errors.apiKeyObjectDenied`); The user's role does not allow this on the object (`errors.permissionDenied`) */
            403: {
                headers: {
                    /** @description Requests allowed per window for this credential */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests that would still be admitted now (limits slide over the last 60 s) */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the bucket is full again */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description An Idempotency-Key reused with another body, or a concurrent change (the object's fields, a deadlock): retry; or an approval request already decided (decisions are final); or an import already done or failed, which cannot be cancelled (`Conflict`) */
            409: {
                headers: {
                    /** @description Requests allowed per window for this credential */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests that would still be admitted now (limits slide over the last 60 s) */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the bucket is full again */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The body exceeds MAX_BODY_BYTES, or a CSV file to import exceeds IMPORT_MAX_BYTES (`Request body too large`) */
            413: {
                headers: {
                    /** @description Requests allowed per window for this credential */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests that would still be admitted now (limits slide over the last 60 s) */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the bucket is full again */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The body is not JSON (`Content-Type must be application/json`) */
            415: {
                headers: {
                    /** @description Requests allowed per window for this credential */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests that would still be admitted now (limits slide over the last 60 s) */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the bucket is full again */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too many requests for this credential; see Retry-After (`Rate limit exceeded`) */
            429: {
                headers: {
                    /** @description Requests allowed per window for this credential */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests that would still be admitted now (limits slide over the last 60 s) */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the bucket is full again */
                    "X-RateLimit-Reset"?: number;
                    /** @description Seconds to wait */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unexpected failure; quote the requestId when reporting it (`Internal server error`) */
            500: {
                headers: {
                    /** @description Requests allowed per window for this credential */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests that would still be admitted now (limits slide over the last 60 s) */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the bucket is full again */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A dependency (the database) did not answer in time; retry after Retry-After seconds (`Service temporarily unavailable`); The company (tenant) already runs DB_TENANT_CONCURRENCY database transactions in this instance and this one's queue did not move for a second (or it waited 10 seconds); other companies are served meanwhile; see Retry-After (`Too many database requests of this company at once; retry later`); The shared rate limiter (Redis) is unreachable, so requests are refused rather than admitted unlimited; see Retry-After (`Rate limiter unavailable`) */
            503: {
                headers: {
                    /** @description Seconds to wait */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "inventory.get": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The product's id */
                productId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Get a product's stock */
            200: {
                headers: {
                    /** @description Requests allowed per window for this credential */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests that would still be admitted now (limits slide over the last 60 s) */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the bucket is full again */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["InventoryItem"];
                };
            };
            /** @description Validation or business-rule failure (`Invalid request`) */
            400: {
                headers: {
                    /** @description Requests allowed per window for this credential */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests that would still be admitted now (limits slide over the last 60 s) */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the bucket is full again */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No credential was sent (`Missing API key`); The credential is malformed, unknown, revoked or expired (`Invalid API key`) */
            401: {
                headers: {
                    /** @description Requests allowed per window for this credential */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests that would still be admitted now (limits slide over the last 60 s) */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the bucket is full again */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The object is outside the key's or token's scope (`errors.apiKeyObjectDenied`); The user's role does not allow this on the object (`errors.permissionDenied`) */
            403: {
                headers: {
                    /** @description Requests allowed per window for this credential */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests that would still be admitted now (limits slide over the last 60 s) */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the bucket is full again */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Object or record not found (`Not found`) */
            404: {
                headers: {
                    /** @description Requests allowed per window for this credential */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests that would still be admitted now (limits slide over the last 60 s) */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the bucket is full again */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too many requests for this credential; see Retry-After (`Rate limit exceeded`) */
            429: {
                headers: {
                    /** @description Requests allowed per window for this credential */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests that would still be admitted now (limits slide over the last 60 s) */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the bucket is full again */
                    "X-RateLimit-Reset"?: number;
                    /** @description Seconds to wait */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unexpected failure; quote the requestId when reporting it (`Internal server error`) */
            500: {
                headers: {
                    /** @description Requests allowed per window for this credential */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests that would still be admitted now (limits slide over the last 60 s) */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the bucket is full again */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A dependency (the database) did not answer in time; retry after Retry-After seconds (`Service temporarily unavailable`); The company (tenant) already runs DB_TENANT_CONCURRENCY database transactions in this instance and this one's queue did not move for a second (or it waited 10 seconds); other companies are served meanwhile; see Retry-After (`Too many database requests of this company at once; retry later`); The shared rate limiter (Redis) is unreachable, so requests are refused rather than admitted unlimited; see Retry-After (`Rate limiter unavailable`) */
            503: {
                headers: {
                    /** @description Seconds to wait */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "inventory.update": {
        parameters: {
            query?: never;
            header?: {
                /** @description Repeat a request safely: the same key and body within 24 hours return the first response exactly (header Idempotent-Replayed: true); a different body gets 409. 1 to 255 characters, no control characters. */
                "Idempotency-Key"?: string;
            };
            path: {
                /** @description The product's id */
                productId: string;
            };
            cookie?: never;
        };
        /** @description UTF-8 JSON of at most 4194304 bytes (the server's MAX_BODY_BYTES; larger bodies get 413, bytes that are not UTF-8 a 400). The credential is checked before the body is read. */
        requestBody: {
            content: {
                "application/json": components["schemas"]["InventorySettings"];
            };
        };
        responses: {
            /** @description Set a product's reorder level */
            200: {
                headers: {
                    /** @description Requests allowed per window for this credential */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests that would still be admitted now (limits slide over the last 60 s) */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the bucket is full again */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["InventoryItem"];
                };
            };
            /** @description Validation or business-rule failure (`Invalid request`) */
            400: {
                headers: {
                    /** @description Requests allowed per window for this credential */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests that would still be admitted now (limits slide over the last 60 s) */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the bucket is full again */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No credential was sent (`Missing API key`); The credential is malformed, unknown, revoked or expired (`Invalid API key`) */
            401: {
                headers: {
                    /** @description Requests allowed per window for this credential */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests that would still be admitted now (limits slide over the last 60 s) */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the bucket is full again */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The key is read-only, or the token was granted reading only (`errors.apiKeyReadOnly`); The object is outside the key's or token's scope (`errors.apiKeyObjectDenied`); The user's role does not allow this on the object (`errors.permissionDenied`) */
            403: {
                headers: {
                    /** @description Requests allowed per window for this credential */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests that would still be admitted now (limits slide over the last 60 s) */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the bucket is full again */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Object or record not found (`Not found`) */
            404: {
                headers: {
                    /** @description Requests allowed per window for this credential */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests that would still be admitted now (limits slide over the last 60 s) */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the bucket is full again */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description An Idempotency-Key reused with another body, or a concurrent change (the object's fields, a deadlock): retry; or an approval request already decided (decisions are final); or an import already done or failed, which cannot be cancelled (`Conflict`) */
            409: {
                headers: {
                    /** @description Requests allowed per window for this credential */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests that would still be admitted now (limits slide over the last 60 s) */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the bucket is full again */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The body exceeds MAX_BODY_BYTES, or a CSV file to import exceeds IMPORT_MAX_BYTES (`Request body too large`) */
            413: {
                headers: {
                    /** @description Requests allowed per window for this credential */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests that would still be admitted now (limits slide over the last 60 s) */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the bucket is full again */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The body is not JSON (`Content-Type must be application/json`) */
            415: {
                headers: {
                    /** @description Requests allowed per window for this credential */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests that would still be admitted now (limits slide over the last 60 s) */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the bucket is full again */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too many requests for this credential; see Retry-After (`Rate limit exceeded`) */
            429: {
                headers: {
                    /** @description Requests allowed per window for this credential */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests that would still be admitted now (limits slide over the last 60 s) */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the bucket is full again */
                    "X-RateLimit-Reset"?: number;
                    /** @description Seconds to wait */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unexpected failure; quote the requestId when reporting it (`Internal server error`) */
            500: {
                headers: {
                    /** @description Requests allowed per window for this credential */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests that would still be admitted now (limits slide over the last 60 s) */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the bucket is full again */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A dependency (the database) did not answer in time; retry after Retry-After seconds (`Service temporarily unavailable`); The company (tenant) already runs DB_TENANT_CONCURRENCY database transactions in this instance and this one's queue did not move for a second (or it waited 10 seconds); other companies are served meanwhile; see Retry-After (`Too many database requests of this company at once; retry later`); The shared rate limiter (Redis) is unreachable, so requests are refused rather than admitted unlimited; see Retry-After (`Rate limiter unavailable`) */
            503: {
                headers: {
                    /** @description Seconds to wait */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "inventory.movements": {
        parameters: {
            query?: {
                /** @description Movements per page */
                limit?: number;
                /** @description Movements to skip */
                offset?: number;
            };
            header?: never;
            path: {
                /** @description The product's id */
                productId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description List a product's stock movements */
            200: {
                headers: {
                    /** @description Requests allowed per window for this credential */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests that would still be admitted now (limits slide over the last 60 s) */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the bucket is full again */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StockMovementPage"];
                };
            };
            /** @description Validation or business-rule failure (`Invalid request`) */
            400: {
                headers: {
                    /** @description Requests allowed per window for this credential */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests that would still be admitted now (limits slide over the last 60 s) */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the bucket is full again */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No credential was sent (`Missing API key`); The credential is malformed, unknown, revoked or expired (`Invalid API key`) */
            401: {
                headers: {
                    /** @description Requests allowed per window for this credential */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests that would still be admitted now (limits slide over the last 60 s) */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the bucket is full again */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The object is outside the key's or token's scope (`errors.apiKeyObjectDenied`); The user's role does not allow this on the object (`errors.permissionDenied`) */
            403: {
                headers: {
                    /** @description Requests allowed per window for this credential */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests that would still be admitted now (limits slide over the last 60 s) */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the bucket is full again */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Object or record not found (`Not found`) */
            404: {
                headers: {
                    /** @description Requests allowed per window for this credential */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests that would still be admitted now (limits slide over the last 60 s) */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the bucket is full again */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too many requests for this credential; see Retry-After (`Rate limit exceeded`) */
            429: {
                headers: {
                    /** @description Requests allowed per window for this credential */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests that would still be admitted now (limits slide over the last 60 s) */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the bucket is full again */
                    "X-RateLimit-Reset"?: number;
                    /** @description Seconds to wait */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unexpected failure; quote the requestId when reporting it (`Internal server error`) */
            500: {
                headers: {
                    /** @description Requests allowed per window for this credential */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests that would still be admitted now (limits slide over the last 60 s) */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the bucket is full again */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A dependency (the database) did not answer in time; retry after Retry-After seconds (`Service temporarily unavailable`); The company (tenant) already runs DB_TENANT_CONCURRENCY database transactions in this instance and this one's queue did not move for a second (or it waited 10 seconds); other companies are served meanwhile; see Retry-After (`Too many database requests of this company at once; retry later`); The shared rate limiter (Redis) is unreachable, so requests are refused rather than admitted unlimited; see Retry-After (`Rate limiter unavailable`) */
            503: {
                headers: {
                    /** @description Seconds to wait */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "marketing.send": {
        parameters: {
            query?: never;
            header?: {
                /** @description Repeat a request safely: the same key and body within 24 hours return the first response exactly (header Idempotent-Replayed: true); a different body gets 409. 1 to 255 characters, no control characters. */
                "Idempotency-Key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        /** @description UTF-8 JSON of at most 4194304 bytes (the server's MAX_BODY_BYTES; larger bodies get 413, bytes that are not UTF-8 a 400). The credential is checked before the body is read. */
        requestBody: {
            content: {
                "application/json": components["schemas"]["MarketingEmailRequest"];
            };
        };
        responses: {
            /** @description Send a marketing email */
            201: {
                headers: {
                    /** @description Requests allowed per window for this credential */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests that would still be admitted now (limits slide over the last 60 s) */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the bucket is full again */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MarketingEmail"];
                };
            };
            /** @description Validation or business-rule failure (`Invalid request`) */
            400: {
                headers: {
                    /** @description Requests allowed per window for this credential */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests that would still be admitted now (limits slide over the last 60 s) */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the bucket is full again */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No credential was sent (`Missing API key`); The credential is malformed, unknown, revoked or expired (`Invalid API key`) */
            401: {
                headers: {
                    /** @description Requests allowed per window for this credential */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests that would still be admitted now (limits slide over the last 60 s) */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the bucket is full again */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The key is read-only, or the token was granted reading only (`errors.apiKeyReadOnly`); The object is outside the key's or token's scope (`errors.apiKeyObjectDenied`); The user's role does not allow this on the object (`errors.permissionDenied`); The OAuth token was not granted the scope this needs (`errors.insufficientScope`) */
            403: {
                headers: {
                    /** @description Requests allowed per window for this credential */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests that would still be admitted now (limits slide over the last 60 s) */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the bucket is full again */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Object or record not found (`Not found`) */
            404: {
                headers: {
                    /** @description Requests allowed per window for this credential */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests that would still be admitted now (limits slide over the last 60 s) */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the bucket is full again */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description An Idempotency-Key reused with another body, or a concurrent change (the object's fields, a deadlock): retry; or an approval request already decided (decisions are final); or an import already done or failed, which cannot be cancelled (`Conflict`) */
            409: {
                headers: {
                    /** @description Requests allowed per window for this credential */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests that would still be admitted now (limits slide over the last 60 s) */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the bucket is full again */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The body exceeds MAX_BODY_BYTES, or a CSV file to import exceeds IMPORT_MAX_BYTES (`Request body too large`) */
            413: {
                headers: {
                    /** @description Requests allowed per window for this credential */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests that would still be admitted now (limits slide over the last 60 s) */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the bucket is full again */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The body is not JSON (`Content-Type must be application/json`) */
            415: {
                headers: {
                    /** @description Requests allowed per window for this credential */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests that would still be admitted now (limits slide over the last 60 s) */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the bucket is full again */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The company sent as many emails today (UTC) as EMAIL_DAILY_CAP allows; see Retry-After (the next UTC midnight) (`Daily email limit reached`); Too many requests for this credential; see Retry-After (`Rate limit exceeded`) */
            429: {
                headers: {
                    /** @description Requests allowed per window for this credential */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests that would still be admitted now (limits slide over the last 60 s) */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the bucket is full again */
                    "X-RateLimit-Reset"?: number;
                    /** @description Seconds to wait */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unexpected failure; quote the requestId when reporting it (`Internal server error`) */
            500: {
                headers: {
                    /** @description Requests allowed per window for this credential */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests that would still be admitted now (limits slide over the last 60 s) */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the bucket is full again */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A dependency (the database) did not answer in time; retry after Retry-After seconds (`Service temporarily unavailable`); The company (tenant) already runs DB_TENANT_CONCURRENCY database transactions in this instance and this one's queue did not move for a second (or it waited 10 seconds); other companies are served meanwhile; see Retry-After (`Too many database requests of this company at once; retry later`); The shared rate limiter (Redis) is unreachable, so requests are refused rather than admitted unlimited; see Retry-After (`Rate limiter unavailable`) */
            503: {
                headers: {
                    /** @description Seconds to wait */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "flows.list": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description List flows */
            200: {
                headers: {
                    /** @description Requests allowed per window for this credential */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests that would still be admitted now (limits slide over the last 60 s) */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the bucket is full again */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["Flow"][];
                    };
                };
            };
            /** @description No credential was sent (`Missing API key`); The credential is malformed, unknown, revoked or expired (`Invalid API key`) */
            401: {
                headers: {
                    /** @description Requests allowed per window for this credential */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests that would still be admitted now (limits slide over the last 60 s) */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the bucket is full again */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The OAuth token was not granted the scope this needs (`errors.insufficientScope`) */
            403: {
                headers: {
                    /** @description Requests allowed per window for this credential */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests that would still be admitted now (limits slide over the last 60 s) */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the bucket is full again */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too many requests for this credential; see Retry-After (`Rate limit exceeded`) */
            429: {
                headers: {
                    /** @description Requests allowed per window for this credential */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests that would still be admitted now (limits slide over the last 60 s) */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the bucket is full again */
                    "X-RateLimit-Reset"?: number;
                    /** @description Seconds to wait */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unexpected failure; quote the requestId when reporting it (`Internal server error`) */
            500: {
                headers: {
                    /** @description Requests allowed per window for this credential */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests that would still be admitted now (limits slide over the last 60 s) */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the bucket is full again */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A dependency (the database) did not answer in time; retry after Retry-After seconds (`Service temporarily unavailable`); The company (tenant) already runs DB_TENANT_CONCURRENCY database transactions in this instance and this one's queue did not move for a second (or it waited 10 seconds); other companies are served meanwhile; see Retry-After (`Too many database requests of this company at once; retry later`); The shared rate limiter (Redis) is unreachable, so requests are refused rather than admitted unlimited; see Retry-After (`Rate limiter unavailable`) */
            503: {
                headers: {
                    /** @description Seconds to wait */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "flows.get": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The flow's id */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Get a flow */
            200: {
                headers: {
                    /** @description Requests allowed per window for this credential */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests that would still be admitted now (limits slide over the last 60 s) */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the bucket is full again */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Flow"];
                };
            };
            /** @description No credential was sent (`Missing API key`); The credential is malformed, unknown, revoked or expired (`Invalid API key`) */
            401: {
                headers: {
                    /** @description Requests allowed per window for this credential */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests that would still be admitted now (limits slide over the last 60 s) */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the bucket is full again */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The object is outside the key's or token's scope (`errors.apiKeyObjectDenied`); The user's role does not allow this on the object (`errors.permissionDenied`); The OAuth token was not granted the scope this needs (`errors.insufficientScope`) */
            403: {
                headers: {
                    /** @description Requests allowed per window for this credential */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests that would still be admitted now (limits slide over the last 60 s) */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the bucket is full again */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Object or record not found (`Not found`) */
            404: {
                headers: {
                    /** @description Requests allowed per window for this credential */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests that would still be admitted now (limits slide over the last 60 s) */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the bucket is full again */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too many requests for this credential; see Retry-After (`Rate limit exceeded`) */
            429: {
                headers: {
                    /** @description Requests allowed per window for this credential */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests that would still be admitted now (limits slide over the last 60 s) */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the bucket is full again */
                    "X-RateLimit-Reset"?: number;
                    /** @description Seconds to wait */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unexpected failure; quote the requestId when reporting it (`Internal server error`) */
            500: {
                headers: {
                    /** @description Requests allowed per window for this credential */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests that would still be admitted now (limits slide over the last 60 s) */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the bucket is full again */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A dependency (the database) did not answer in time; retry after Retry-After seconds (`Service temporarily unavailable`); The company (tenant) already runs DB_TENANT_CONCURRENCY database transactions in this instance and this one's queue did not move for a second (or it waited 10 seconds); other companies are served meanwhile; see Retry-After (`Too many database requests of this company at once; retry later`); The shared rate limiter (Redis) is unreachable, so requests are refused rather than admitted unlimited; see Retry-After (`Rate limiter unavailable`) */
            503: {
                headers: {
                    /** @description Seconds to wait */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "flows.enrollments": {
        parameters: {
            query?: {
                /** @description Only enrollments with this status */
                status?: "active" | "completed" | "stopped";
                /** @description Only this record's enrollments */
                recordId?: string;
                /** @description Enrollments per page */
                limit?: number;
                /** @description Enrollments to skip */
                offset?: number;
            };
            header?: never;
            path: {
                /** @description The flow's id */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description List a flow's enrollments */
            200: {
                headers: {
                    /** @description Requests allowed per window for this credential */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests that would still be admitted now (limits slide over the last 60 s) */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the bucket is full again */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["FlowEnrollmentPage"];
                };
            };
            /** @description Validation or business-rule failure (`Invalid request`) */
            400: {
                headers: {
                    /** @description Requests allowed per window for this credential */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests that would still be admitted now (limits slide over the last 60 s) */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the bucket is full again */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No credential was sent (`Missing API key`); The credential is malformed, unknown, revoked or expired (`Invalid API key`) */
            401: {
                headers: {
                    /** @description Requests allowed per window for this credential */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests that would still be admitted now (limits slide over the last 60 s) */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the bucket is full again */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The object is outside the key's or token's scope (`errors.apiKeyObjectDenied`); The user's role does not allow this on the object (`errors.permissionDenied`); The OAuth token was not granted the scope this needs (`errors.insufficientScope`) */
            403: {
                headers: {
                    /** @description Requests allowed per window for this credential */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests that would still be admitted now (limits slide over the last 60 s) */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the bucket is full again */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Object or record not found (`Not found`) */
            404: {
                headers: {
                    /** @description Requests allowed per window for this credential */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests that would still be admitted now (limits slide over the last 60 s) */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the bucket is full again */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too many requests for this credential; see Retry-After (`Rate limit exceeded`) */
            429: {
                headers: {
                    /** @description Requests allowed per window for this credential */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests that would still be admitted now (limits slide over the last 60 s) */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the bucket is full again */
                    "X-RateLimit-Reset"?: number;
                    /** @description Seconds to wait */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unexpected failure; quote the requestId when reporting it (`Internal server error`) */
            500: {
                headers: {
                    /** @description Requests allowed per window for this credential */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests that would still be admitted now (limits slide over the last 60 s) */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the bucket is full again */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A dependency (the database) did not answer in time; retry after Retry-After seconds (`Service temporarily unavailable`); The company (tenant) already runs DB_TENANT_CONCURRENCY database transactions in this instance and this one's queue did not move for a second (or it waited 10 seconds); other companies are served meanwhile; see Retry-After (`Too many database requests of this company at once; retry later`); The shared rate limiter (Redis) is unreachable, so requests are refused rather than admitted unlimited; see Retry-After (`Rate limiter unavailable`) */
            503: {
                headers: {
                    /** @description Seconds to wait */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "flows.enroll": {
        parameters: {
            query?: never;
            header?: {
                /** @description Repeat a request safely: the same key and body within 24 hours return the first response exactly (header Idempotent-Replayed: true); a different body gets 409. 1 to 255 characters, no control characters. */
                "Idempotency-Key"?: string;
            };
            path: {
                /** @description The flow's id */
                id: string;
            };
            cookie?: never;
        };
        /** @description UTF-8 JSON of at most 4194304 bytes (the server's MAX_BODY_BYTES; larger bodies get 413, bytes that are not UTF-8 a 400). The credential is checked before the body is read. */
        requestBody: {
            content: {
                "application/json": components["schemas"]["FlowEnrollmentRequest"];
            };
        };
        responses: {
            /** @description Enroll a record in a flow */
            201: {
                headers: {
                    /** @description Requests allowed per window for this credential */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests that would still be admitted now (limits slide over the last 60 s) */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the bucket is full again */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["FlowEnrollment"];
                };
            };
            /** @description Validation or business-rule failure (`Invalid request`) */
            400: {
                headers: {
                    /** @description Requests allowed per window for this credential */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests that would still be admitted now (limits slide over the last 60 s) */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the bucket is full again */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No credential was sent (`Missing API key`); The credential is malformed, unknown, revoked or expired (`Invalid API key`) */
            401: {
                headers: {
                    /** @description Requests allowed per window for this credential */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests that would still be admitted now (limits slide over the last 60 s) */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the bucket is full again */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The key is read-only, or the token was granted reading only (`errors.apiKeyReadOnly`); The object is outside the key's or token's scope (`errors.apiKeyObjectDenied`); The user's role does not allow this on the object (`errors.permissionDenied`); The OAuth token was not granted the scope this needs (`errors.insufficientScope`) */
            403: {
                headers: {
                    /** @description Requests allowed per window for this credential */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests that would still be admitted now (limits slide over the last 60 s) */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the bucket is full again */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Object or record not found (`Not found`) */
            404: {
                headers: {
                    /** @description Requests allowed per window for this credential */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests that would still be admitted now (limits slide over the last 60 s) */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the bucket is full again */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description An Idempotency-Key reused with another body, or a concurrent change (the object's fields, a deadlock): retry; or an approval request already decided (decisions are final); or an import already done or failed, which cannot be cancelled (`Conflict`) */
            409: {
                headers: {
                    /** @description Requests allowed per window for this credential */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests that would still be admitted now (limits slide over the last 60 s) */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the bucket is full again */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The body exceeds MAX_BODY_BYTES, or a CSV file to import exceeds IMPORT_MAX_BYTES (`Request body too large`) */
            413: {
                headers: {
                    /** @description Requests allowed per window for this credential */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests that would still be admitted now (limits slide over the last 60 s) */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the bucket is full again */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The body is not JSON (`Content-Type must be application/json`) */
            415: {
                headers: {
                    /** @description Requests allowed per window for this credential */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests that would still be admitted now (limits slide over the last 60 s) */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the bucket is full again */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too many requests for this credential; see Retry-After (`Rate limit exceeded`) */
            429: {
                headers: {
                    /** @description Requests allowed per window for this credential */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests that would still be admitted now (limits slide over the last 60 s) */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the bucket is full again */
                    "X-RateLimit-Reset"?: number;
                    /** @description Seconds to wait */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unexpected failure; quote the requestId when reporting it (`Internal server error`) */
            500: {
                headers: {
                    /** @description Requests allowed per window for this credential */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests that would still be admitted now (limits slide over the last 60 s) */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the bucket is full again */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A dependency (the database) did not answer in time; retry after Retry-After seconds (`Service temporarily unavailable`); The company (tenant) already runs DB_TENANT_CONCURRENCY database transactions in this instance and this one's queue did not move for a second (or it waited 10 seconds); other companies are served meanwhile; see Retry-After (`Too many database requests of this company at once; retry later`); The shared rate limiter (Redis) is unreachable, so requests are refused rather than admitted unlimited; see Retry-After (`Rate limiter unavailable`) */
            503: {
                headers: {
                    /** @description Seconds to wait */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "flows.stopEnrollment": {
        parameters: {
            query?: never;
            header?: {
                /** @description Repeat a request safely: the same key and body within 24 hours return the first response exactly (header Idempotent-Replayed: true); a different body gets 409. 1 to 255 characters, no control characters. */
                "Idempotency-Key"?: string;
            };
            path: {
                /** @description The flow's id */
                id: string;
                /** @description The enrollment's id */
                enrollmentId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Stop an enrollment */
            200: {
                headers: {
                    /** @description Requests allowed per window for this credential */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests that would still be admitted now (limits slide over the last 60 s) */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the bucket is full again */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["FlowEnrollment"];
                };
            };
            /** @description No credential was sent (`Missing API key`); The credential is malformed, unknown, revoked or expired (`Invalid API key`) */
            401: {
                headers: {
                    /** @description Requests allowed per window for this credential */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests that would still be admitted now (limits slide over the last 60 s) */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the bucket is full again */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The key is read-only, or the token was granted reading only (`errors.apiKeyReadOnly`); The object is outside the key's or token's scope (`errors.apiKeyObjectDenied`); The user's role does not allow this on the object (`errors.permissionDenied`); The OAuth token was not granted the scope this needs (`errors.insufficientScope`) */
            403: {
                headers: {
                    /** @description Requests allowed per window for this credential */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests that would still be admitted now (limits slide over the last 60 s) */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the bucket is full again */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Object or record not found (`Not found`) */
            404: {
                headers: {
                    /** @description Requests allowed per window for this credential */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests that would still be admitted now (limits slide over the last 60 s) */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the bucket is full again */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description An Idempotency-Key reused with another body, or a concurrent change (the object's fields, a deadlock): retry; or an approval request already decided (decisions are final); or an import already done or failed, which cannot be cancelled (`Conflict`) */
            409: {
                headers: {
                    /** @description Requests allowed per window for this credential */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests that would still be admitted now (limits slide over the last 60 s) */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the bucket is full again */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too many requests for this credential; see Retry-After (`Rate limit exceeded`) */
            429: {
                headers: {
                    /** @description Requests allowed per window for this credential */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests that would still be admitted now (limits slide over the last 60 s) */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the bucket is full again */
                    "X-RateLimit-Reset"?: number;
                    /** @description Seconds to wait */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unexpected failure; quote the requestId when reporting it (`Internal server error`) */
            500: {
                headers: {
                    /** @description Requests allowed per window for this credential */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests that would still be admitted now (limits slide over the last 60 s) */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the bucket is full again */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A dependency (the database) did not answer in time; retry after Retry-After seconds (`Service temporarily unavailable`); The company (tenant) already runs DB_TENANT_CONCURRENCY database transactions in this instance and this one's queue did not move for a second (or it waited 10 seconds); other companies are served meanwhile; see Retry-After (`Too many database requests of this company at once; retry later`); The shared rate limiter (Redis) is unreachable, so requests are refused rather than admitted unlimited; see Retry-After (`Rate limiter unavailable`) */
            503: {
                headers: {
                    /** @description Seconds to wait */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "approvals.list": {
        parameters: {
            query?: {
                /** @description Only requests with this status */
                status?: "pending" | "approved" | "rejected";
                /** @description Only requests about records of this object */
                object?: string;
                /** @description Only requests about this record */
                record?: string;
                /** @description Only requests the caller may decide */
                mine?: boolean;
                /** @description Requests per page */
                limit?: number;
                /** @description Requests to skip */
                offset?: number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description List approval requests */
            200: {
                headers: {
                    /** @description Requests allowed per window for this credential */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests that would still be admitted now (limits slide over the last 60 s) */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the bucket is full again */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApprovalPage"];
                };
            };
            /** @description Validation or business-rule failure (`Invalid request`) */
            400: {
                headers: {
                    /** @description Requests allowed per window for this credential */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests that would still be admitted now (limits slide over the last 60 s) */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the bucket is full again */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No credential was sent (`Missing API key`); The credential is malformed, unknown, revoked or expired (`Invalid API key`) */
            401: {
                headers: {
                    /** @description Requests allowed per window for this credential */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests that would still be admitted now (limits slide over the last 60 s) */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the bucket is full again */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The OAuth token was not granted the scope this needs (`errors.insufficientScope`) */
            403: {
                headers: {
                    /** @description Requests allowed per window for this credential */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests that would still be admitted now (limits slide over the last 60 s) */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the bucket is full again */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too many requests for this credential; see Retry-After (`Rate limit exceeded`) */
            429: {
                headers: {
                    /** @description Requests allowed per window for this credential */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests that would still be admitted now (limits slide over the last 60 s) */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the bucket is full again */
                    "X-RateLimit-Reset"?: number;
                    /** @description Seconds to wait */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unexpected failure; quote the requestId when reporting it (`Internal server error`) */
            500: {
                headers: {
                    /** @description Requests allowed per window for this credential */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests that would still be admitted now (limits slide over the last 60 s) */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the bucket is full again */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A dependency (the database) did not answer in time; retry after Retry-After seconds (`Service temporarily unavailable`); The company (tenant) already runs DB_TENANT_CONCURRENCY database transactions in this instance and this one's queue did not move for a second (or it waited 10 seconds); other companies are served meanwhile; see Retry-After (`Too many database requests of this company at once; retry later`); The shared rate limiter (Redis) is unreachable, so requests are refused rather than admitted unlimited; see Retry-After (`Rate limiter unavailable`) */
            503: {
                headers: {
                    /** @description Seconds to wait */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "approvals.get": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The approval request's id */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Get an approval request */
            200: {
                headers: {
                    /** @description Requests allowed per window for this credential */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests that would still be admitted now (limits slide over the last 60 s) */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the bucket is full again */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Approval"];
                };
            };
            /** @description No credential was sent (`Missing API key`); The credential is malformed, unknown, revoked or expired (`Invalid API key`) */
            401: {
                headers: {
                    /** @description Requests allowed per window for this credential */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests that would still be admitted now (limits slide over the last 60 s) */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the bucket is full again */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The object is outside the key's or token's scope (`errors.apiKeyObjectDenied`); The user's role does not allow this on the object (`errors.permissionDenied`); The OAuth token was not granted the scope this needs (`errors.insufficientScope`) */
            403: {
                headers: {
                    /** @description Requests allowed per window for this credential */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests that would still be admitted now (limits slide over the last 60 s) */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the bucket is full again */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Object or record not found (`Not found`) */
            404: {
                headers: {
                    /** @description Requests allowed per window for this credential */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests that would still be admitted now (limits slide over the last 60 s) */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the bucket is full again */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too many requests for this credential; see Retry-After (`Rate limit exceeded`) */
            429: {
                headers: {
                    /** @description Requests allowed per window for this credential */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests that would still be admitted now (limits slide over the last 60 s) */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the bucket is full again */
                    "X-RateLimit-Reset"?: number;
                    /** @description Seconds to wait */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unexpected failure; quote the requestId when reporting it (`Internal server error`) */
            500: {
                headers: {
                    /** @description Requests allowed per window for this credential */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests that would still be admitted now (limits slide over the last 60 s) */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the bucket is full again */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A dependency (the database) did not answer in time; retry after Retry-After seconds (`Service temporarily unavailable`); The company (tenant) already runs DB_TENANT_CONCURRENCY database transactions in this instance and this one's queue did not move for a second (or it waited 10 seconds); other companies are served meanwhile; see Retry-After (`Too many database requests of this company at once; retry later`); The shared rate limiter (Redis) is unreachable, so requests are refused rather than admitted unlimited; see Retry-After (`Rate limiter unavailable`) */
            503: {
                headers: {
                    /** @description Seconds to wait */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "approvals.approve": {
        parameters: {
            query?: never;
            header?: {
                /** @description Repeat a request safely: the same key and body within 24 hours return the first response exactly (header Idempotent-Replayed: true); a different body gets 409. 1 to 255 characters, no control characters. */
                "Idempotency-Key"?: string;
            };
            path: {
                /** @description The approval request's id */
                id: string;
            };
            cookie?: never;
        };
        /** @description UTF-8 JSON of at most 4194304 bytes (the server's MAX_BODY_BYTES; larger bodies get 413, bytes that are not UTF-8 a 400). The credential is checked before the body is read. */
        requestBody?: {
            content: {
                "application/json": components["schemas"]["ApprovalDecision"];
            };
        };
        responses: {
            /** @description Approve */
            200: {
                headers: {
                    /** @description Requests allowed per window for this credential */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests that would still be admitted now (limits slide over the last 60 s) */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the bucket is full again */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Approval"];
                };
            };
            /** @description Validation or business-rule failure (`Invalid request`) */
            400: {
                headers: {
                    /** @description Requests allowed per window for this credential */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests that would still be admitted now (limits slide over the last 60 s) */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the bucket is full again */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No credential was sent (`Missing API key`); The credential is malformed, unknown, revoked or expired (`Invalid API key`) */
            401: {
                headers: {
                    /** @description Requests allowed per window for this credential */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests that would still be admitted now (limits slide over the last 60 s) */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the bucket is full again */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The key is read-only, or the token was granted reading only (`errors.apiKeyReadOnly`); The object is outside the key's or token's scope (`errors.apiKeyObjectDenied`); The user's role does not allow this on the object (`errors.permissionDenied`); The OAuth token was not granted the scope this needs (`errors.insufficientScope`) */
            403: {
                headers: {
                    /** @description Requests allowed per window for this credential */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests that would still be admitted now (limits slide over the last 60 s) */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the bucket is full again */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Object or record not found (`Not found`) */
            404: {
                headers: {
                    /** @description Requests allowed per window for this credential */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests that would still be admitted now (limits slide over the last 60 s) */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the bucket is full again */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description An Idempotency-Key reused with another body, or a concurrent change (the object's fields, a deadlock): retry; or an approval request already decided (decisions are final); or an import already done or failed, which cannot be cancelled (`Conflict`) */
            409: {
                headers: {
                    /** @description Requests allowed per window for this credential */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests that would still be admitted now (limits slide over the last 60 s) */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the bucket is full again */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The body exceeds MAX_BODY_BYTES, or a CSV file to import exceeds IMPORT_MAX_BYTES (`Request body too large`) */
            413: {
                headers: {
                    /** @description Requests allowed per window for this credential */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests that would still be admitted now (limits slide over the last 60 s) */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the bucket is full again */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The body is not JSON (`Content-Type must be application/json`) */
            415: {
                headers: {
                    /** @description Requests allowed per window for this credential */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests that would still be admitted now (limits slide over the last 60 s) */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the bucket is full again */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too many requests for this credential; see Retry-After (`Rate limit exceeded`) */
            429: {
                headers: {
                    /** @description Requests allowed per window for this credential */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests that would still be admitted now (limits slide over the last 60 s) */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the bucket is full again */
                    "X-RateLimit-Reset"?: number;
                    /** @description Seconds to wait */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unexpected failure; quote the requestId when reporting it (`Internal server error`) */
            500: {
                headers: {
                    /** @description Requests allowed per window for this credential */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests that would still be admitted now (limits slide over the last 60 s) */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the bucket is full again */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A dependency (the database) did not answer in time; retry after Retry-After seconds (`Service temporarily unavailable`); The company (tenant) already runs DB_TENANT_CONCURRENCY database transactions in this instance and this one's queue did not move for a second (or it waited 10 seconds); other companies are served meanwhile; see Retry-After (`Too many database requests of this company at once; retry later`); The shared rate limiter (Redis) is unreachable, so requests are refused rather than admitted unlimited; see Retry-After (`Rate limiter unavailable`) */
            503: {
                headers: {
                    /** @description Seconds to wait */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "approvals.reject": {
        parameters: {
            query?: never;
            header?: {
                /** @description Repeat a request safely: the same key and body within 24 hours return the first response exactly (header Idempotent-Replayed: true); a different body gets 409. 1 to 255 characters, no control characters. */
                "Idempotency-Key"?: string;
            };
            path: {
                /** @description The approval request's id */
                id: string;
            };
            cookie?: never;
        };
        /** @description UTF-8 JSON of at most 4194304 bytes (the server's MAX_BODY_BYTES; larger bodies get 413, bytes that are not UTF-8 a 400). The credential is checked before the body is read. */
        requestBody?: {
            content: {
                "application/json": components["schemas"]["ApprovalDecision"];
            };
        };
        responses: {
            /** @description Reject */
            200: {
                headers: {
                    /** @description Requests allowed per window for this credential */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests that would still be admitted now (limits slide over the last 60 s) */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the bucket is full again */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Approval"];
                };
            };
            /** @description Validation or business-rule failure (`Invalid request`) */
            400: {
                headers: {
                    /** @description Requests allowed per window for this credential */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests that would still be admitted now (limits slide over the last 60 s) */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the bucket is full again */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No credential was sent (`Missing API key`); The credential is malformed, unknown, revoked or expired (`Invalid API key`) */
            401: {
                headers: {
                    /** @description Requests allowed per window for this credential */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests that would still be admitted now (limits slide over the last 60 s) */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the bucket is full again */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The key is read-only, or the token was granted reading only (`errors.apiKeyReadOnly`); The object is outside the key's or token's scope (`errors.apiKeyObjectDenied`); The user's role does not allow this on the object (`errors.permissionDenied`); The OAuth token was not granted the scope this needs (`errors.insufficientScope`) */
            403: {
                headers: {
                    /** @description Requests allowed per window for this credential */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests that would still be admitted now (limits slide over the last 60 s) */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the bucket is full again */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Object or record not found (`Not found`) */
            404: {
                headers: {
                    /** @description Requests allowed per window for this credential */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests that would still be admitted now (limits slide over the last 60 s) */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the bucket is full again */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description An Idempotency-Key reused with another body, or a concurrent change (the object's fields, a deadlock): retry; or an approval request already decided (decisions are final); or an import already done or failed, which cannot be cancelled (`Conflict`) */
            409: {
                headers: {
                    /** @description Requests allowed per window for this credential */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests that would still be admitted now (limits slide over the last 60 s) */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the bucket is full again */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The body exceeds MAX_BODY_BYTES, or a CSV file to import exceeds IMPORT_MAX_BYTES (`Request body too large`) */
            413: {
                headers: {
                    /** @description Requests allowed per window for this credential */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests that would still be admitted now (limits slide over the last 60 s) */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the bucket is full again */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The body is not JSON (`Content-Type must be application/json`) */
            415: {
                headers: {
                    /** @description Requests allowed per window for this credential */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests that would still be admitted now (limits slide over the last 60 s) */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the bucket is full again */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too many requests for this credential; see Retry-After (`Rate limit exceeded`) */
            429: {
                headers: {
                    /** @description Requests allowed per window for this credential */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests that would still be admitted now (limits slide over the last 60 s) */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the bucket is full again */
                    "X-RateLimit-Reset"?: number;
                    /** @description Seconds to wait */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unexpected failure; quote the requestId when reporting it (`Internal server error`) */
            500: {
                headers: {
                    /** @description Requests allowed per window for this credential */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests that would still be admitted now (limits slide over the last 60 s) */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the bucket is full again */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A dependency (the database) did not answer in time; retry after Retry-After seconds (`Service temporarily unavailable`); The company (tenant) already runs DB_TENANT_CONCURRENCY database transactions in this instance and this one's queue did not move for a second (or it waited 10 seconds); other companies are served meanwhile; see Retry-After (`Too many database requests of this company at once; retry later`); The shared rate limiter (Redis) is unreachable, so requests are refused rather than admitted unlimited; see Retry-After (`Rate limiter unavailable`) */
            503: {
                headers: {
                    /** @description Seconds to wait */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "webhooks.list": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description List webhooks */
            200: {
                headers: {
                    /** @description Requests allowed per window for this credential */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests that would still be admitted now (limits slide over the last 60 s) */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the bucket is full again */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["Webhook"][];
                    };
                };
            };
            /** @description No credential was sent (`Missing API key`); The credential is malformed, unknown, revoked or expired (`Invalid API key`) */
            401: {
                headers: {
                    /** @description Requests allowed per window for this credential */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests that would still be admitted now (limits slide over the last 60 s) */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the bucket is full again */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The user's role does not allow this on the object (`errors.permissionDenied`); The key is read-only, or the token was granted reading only (`errors.apiKeyReadOnly`); The OAuth token was not granted the scope this needs (`errors.insufficientScope`) */
            403: {
                headers: {
                    /** @description Requests allowed per window for this credential */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests that would still be admitted now (limits slide over the last 60 s) */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the bucket is full again */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too many requests for this credential; see Retry-After (`Rate limit exceeded`) */
            429: {
                headers: {
                    /** @description Requests allowed per window for this credential */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests that would still be admitted now (limits slide over the last 60 s) */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the bucket is full again */
                    "X-RateLimit-Reset"?: number;
                    /** @description Seconds to wait */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unexpected failure; quote the requestId when reporting it (`Internal server error`) */
            500: {
                headers: {
                    /** @description Requests allowed per window for this credential */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests that would still be admitted now (limits slide over the last 60 s) */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the bucket is full again */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A dependency (the database) did not answer in time; retry after Retry-After seconds (`Service temporarily unavailable`); The company (tenant) already runs DB_TENANT_CONCURRENCY database transactions in this instance and this one's queue did not move for a second (or it waited 10 seconds); other companies are served meanwhile; see Retry-After (`Too many database requests of this company at once; retry later`); The shared rate limiter (Redis) is unreachable, so requests are refused rather than admitted unlimited; see Retry-After (`Rate limiter unavailable`) */
            503: {
                headers: {
                    /** @description Seconds to wait */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "webhooks.create": {
        parameters: {
            query?: never;
            header?: {
                /** @description Repeat a request safely: the same key and body within 24 hours return the first response exactly (header Idempotent-Replayed: true); a different body gets 409. 1 to 255 characters, no control characters. */
                "Idempotency-Key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        /** @description UTF-8 JSON of at most 4194304 bytes (the server's MAX_BODY_BYTES; larger bodies get 413, bytes that are not UTF-8 a 400). The credential is checked before the body is read. */
        requestBody: {
            content: {
                "application/json": {
                    /** @description Where deliveries are POSTed: an http or https address on the public internet */
                    url: string;
                    /** @description The events it is sent; record.created and record.updated when omitted */
                    events?: ("record.created" | "record.updated" | "flow.enrolled" | "flow.message_sent" | "flow.replied" | "flow.step_completed" | "flow.completed" | "approval.requested" | "approval.approved" | "approval.rejected")[];
                    /**
                     * @description false to create it paused
                     * @default true
                     */
                    active?: boolean;
                };
            };
        };
        responses: {
            /** @description Create a webhook */
            201: {
                headers: {
                    /** @description Requests allowed per window for this credential */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests that would still be admitted now (limits slide over the last 60 s) */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the bucket is full again */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["CreatedWebhook"];
                };
            };
            /** @description Validation or business-rule failure (`Invalid request`) */
            400: {
                headers: {
                    /** @description Requests allowed per window for this credential */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests that would still be admitted now (limits slide over the last 60 s) */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the bucket is full again */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No credential was sent (`Missing API key`); The credential is malformed, unknown, revoked or expired (`Invalid API key`) */
            401: {
                headers: {
                    /** @description Requests allowed per window for this credential */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests that would still be admitted now (limits slide over the last 60 s) */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the bucket is full again */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The user's role does not allow this on the object (`errors.permissionDenied`); The key is read-only, or the token was granted reading only (`errors.apiKeyReadOnly`); The OAuth token was not granted the scope this needs (`errors.insufficientScope`) */
            403: {
                headers: {
                    /** @description Requests allowed per window for this credential */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests that would still be admitted now (limits slide over the last 60 s) */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the bucket is full again */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description An Idempotency-Key reused with another body, or a concurrent change (the object's fields, a deadlock): retry; or an approval request already decided (decisions are final); or an import already done or failed, which cannot be cancelled (`Conflict`) */
            409: {
                headers: {
                    /** @description Requests allowed per window for this credential */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests that would still be admitted now (limits slide over the last 60 s) */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the bucket is full again */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The body exceeds MAX_BODY_BYTES, or a CSV file to import exceeds IMPORT_MAX_BYTES (`Request body too large`) */
            413: {
                headers: {
                    /** @description Requests allowed per window for this credential */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests that would still be admitted now (limits slide over the last 60 s) */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the bucket is full again */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The body is not JSON (`Content-Type must be application/json`) */
            415: {
                headers: {
                    /** @description Requests allowed per window for this credential */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests that would still be admitted now (limits slide over the last 60 s) */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the bucket is full again */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too many requests for this credential; see Retry-After (`Rate limit exceeded`) */
            429: {
                headers: {
                    /** @description Requests allowed per window for this credential */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests that would still be admitted now (limits slide over the last 60 s) */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the bucket is full again */
                    "X-RateLimit-Reset"?: number;
                    /** @description Seconds to wait */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unexpected failure; quote the requestId when reporting it (`Internal server error`) */
            500: {
                headers: {
                    /** @description Requests allowed per window for this credential */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests that would still be admitted now (limits slide over the last 60 s) */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the bucket is full again */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A dependency (the database) did not answer in time; retry after Retry-After seconds (`Service temporarily unavailable`); The company (tenant) already runs DB_TENANT_CONCURRENCY database transactions in this instance and this one's queue did not move for a second (or it waited 10 seconds); other companies are served meanwhile; see Retry-After (`Too many database requests of this company at once; retry later`); The shared rate limiter (Redis) is unreachable, so requests are refused rather than admitted unlimited; see Retry-After (`Rate limiter unavailable`) */
            503: {
                headers: {
                    /** @description Seconds to wait */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "webhooks.get": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The webhook's id */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Get a webhook */
            200: {
                headers: {
                    /** @description Requests allowed per window for this credential */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests that would still be admitted now (limits slide over the last 60 s) */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the bucket is full again */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Webhook"];
                };
            };
            /** @description No credential was sent (`Missing API key`); The credential is malformed, unknown, revoked or expired (`Invalid API key`) */
            401: {
                headers: {
                    /** @description Requests allowed per window for this credential */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests that would still be admitted now (limits slide over the last 60 s) */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the bucket is full again */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The user's role does not allow this on the object (`errors.permissionDenied`); The key is read-only, or the token was granted reading only (`errors.apiKeyReadOnly`); The OAuth token was not granted the scope this needs (`errors.insufficientScope`) */
            403: {
                headers: {
                    /** @description Requests allowed per window for this credential */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests that would still be admitted now (limits slide over the last 60 s) */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the bucket is full again */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Object or record not found (`Not found`) */
            404: {
                headers: {
                    /** @description Requests allowed per window for this credential */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests that would still be admitted now (limits slide over the last 60 s) */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the bucket is full again */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too many requests for this credential; see Retry-After (`Rate limit exceeded`) */
            429: {
                headers: {
                    /** @description Requests allowed per window for this credential */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests that would still be admitted now (limits slide over the last 60 s) */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the bucket is full again */
                    "X-RateLimit-Reset"?: number;
                    /** @description Seconds to wait */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unexpected failure; quote the requestId when reporting it (`Internal server error`) */
            500: {
                headers: {
                    /** @description Requests allowed per window for this credential */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests that would still be admitted now (limits slide over the last 60 s) */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the bucket is full again */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A dependency (the database) did not answer in time; retry after Retry-After seconds (`Service temporarily unavailable`); The company (tenant) already runs DB_TENANT_CONCURRENCY database transactions in this instance and this one's queue did not move for a second (or it waited 10 seconds); other companies are served meanwhile; see Retry-After (`Too many database requests of this company at once; retry later`); The shared rate limiter (Redis) is unreachable, so requests are refused rather than admitted unlimited; see Retry-After (`Rate limiter unavailable`) */
            503: {
                headers: {
                    /** @description Seconds to wait */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "webhooks.delete": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The webhook's id */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Delete a webhook */
            204: {
                headers: {
                    /** @description Requests allowed per window for this credential */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests that would still be admitted now (limits slide over the last 60 s) */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the bucket is full again */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description No credential was sent (`Missing API key`); The credential is malformed, unknown, revoked or expired (`Invalid API key`) */
            401: {
                headers: {
                    /** @description Requests allowed per window for this credential */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests that would still be admitted now (limits slide over the last 60 s) */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the bucket is full again */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The user's role does not allow this on the object (`errors.permissionDenied`); The key is read-only, or the token was granted reading only (`errors.apiKeyReadOnly`); The OAuth token was not granted the scope this needs (`errors.insufficientScope`) */
            403: {
                headers: {
                    /** @description Requests allowed per window for this credential */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests that would still be admitted now (limits slide over the last 60 s) */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the bucket is full again */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Object or record not found (`Not found`) */
            404: {
                headers: {
                    /** @description Requests allowed per window for this credential */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests that would still be admitted now (limits slide over the last 60 s) */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the bucket is full again */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too many requests for this credential; see Retry-After (`Rate limit exceeded`) */
            429: {
                headers: {
                    /** @description Requests allowed per window for this credential */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests that would still be admitted now (limits slide over the last 60 s) */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the bucket is full again */
                    "X-RateLimit-Reset"?: number;
                    /** @description Seconds to wait */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unexpected failure; quote the requestId when reporting it (`Internal server error`) */
            500: {
                headers: {
                    /** @description Requests allowed per window for this credential */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests that would still be admitted now (limits slide over the last 60 s) */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the bucket is full again */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A dependency (the database) did not answer in time; retry after Retry-After seconds (`Service temporarily unavailable`); The company (tenant) already runs DB_TENANT_CONCURRENCY database transactions in this instance and this one's queue did not move for a second (or it waited 10 seconds); other companies are served meanwhile; see Retry-After (`Too many database requests of this company at once; retry later`); The shared rate limiter (Redis) is unreachable, so requests are refused rather than admitted unlimited; see Retry-After (`Rate limiter unavailable`) */
            503: {
                headers: {
                    /** @description Seconds to wait */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "webhooks.update": {
        parameters: {
            query?: never;
            header?: {
                /** @description Repeat a request safely: the same key and body within 24 hours return the first response exactly (header Idempotent-Replayed: true); a different body gets 409. 1 to 255 characters, no control characters. */
                "Idempotency-Key"?: string;
            };
            path: {
                /** @description The webhook's id */
                id: string;
            };
            cookie?: never;
        };
        /** @description UTF-8 JSON of at most 4194304 bytes (the server's MAX_BODY_BYTES; larger bodies get 413, bytes that are not UTF-8 a 400). The credential is checked before the body is read. */
        requestBody: {
            content: {
                "application/json": {
                    /** @description Where deliveries are POSTed: an http or https address on the public internet */
                    url?: string;
                    /** @description The events it is sent, each at most once */
                    events?: ("record.created" | "record.updated" | "flow.enrolled" | "flow.message_sent" | "flow.replied" | "flow.step_completed" | "flow.completed" | "approval.requested" | "approval.approved" | "approval.rejected")[];
                    /** @description false pauses it (nothing is sent, the configuration is kept), true resumes it */
                    active?: boolean;
                };
            };
        };
        responses: {
            /** @description Change, pause or resume a webhook */
            200: {
                headers: {
                    /** @description Requests allowed per window for this credential */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests that would still be admitted now (limits slide over the last 60 s) */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the bucket is full again */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Webhook"];
                };
            };
            /** @description Validation or business-rule failure (`Invalid request`) */
            400: {
                headers: {
                    /** @description Requests allowed per window for this credential */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests that would still be admitted now (limits slide over the last 60 s) */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the bucket is full again */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No credential was sent (`Missing API key`); The credential is malformed, unknown, revoked or expired (`Invalid API key`) */
            401: {
                headers: {
                    /** @description Requests allowed per window for this credential */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests that would still be admitted now (limits slide over the last 60 s) */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the bucket is full again */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The user's role does not allow this on the object (`errors.permissionDenied`); The key is read-only, or the token was granted reading only (`errors.apiKeyReadOnly`); The OAuth token was not granted the scope this needs (`errors.insufficientScope`) */
            403: {
                headers: {
                    /** @description Requests allowed per window for this credential */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests that would still be admitted now (limits slide over the last 60 s) */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the bucket is full again */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Object or record not found (`Not found`) */
            404: {
                headers: {
                    /** @description Requests allowed per window for this credential */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests that would still be admitted now (limits slide over the last 60 s) */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the bucket is full again */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description An Idempotency-Key reused with another body, or a concurrent change (the object's fields, a deadlock): retry; or an approval request already decided (decisions are final); or an import already done or failed, which cannot be cancelled (`Conflict`) */
            409: {
                headers: {
                    /** @description Requests allowed per window for this credential */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests that would still be admitted now (limits slide over the last 60 s) */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the bucket is full again */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The body exceeds MAX_BODY_BYTES, or a CSV file to import exceeds IMPORT_MAX_BYTES (`Request body too large`) */
            413: {
                headers: {
                    /** @description Requests allowed per window for this credential */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests that would still be admitted now (limits slide over the last 60 s) */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the bucket is full again */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The body is not JSON (`Content-Type must be application/json`) */
            415: {
                headers: {
                    /** @description Requests allowed per window for this credential */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests that would still be admitted now (limits slide over the last 60 s) */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the bucket is full again */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too many requests for this credential; see Retry-After (`Rate limit exceeded`) */
            429: {
                headers: {
                    /** @description Requests allowed per window for this credential */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests that would still be admitted now (limits slide over the last 60 s) */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the bucket is full again */
                    "X-RateLimit-Reset"?: number;
                    /** @description Seconds to wait */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unexpected failure; quote the requestId when reporting it (`Internal server error`) */
            500: {
                headers: {
                    /** @description Requests allowed per window for this credential */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests that would still be admitted now (limits slide over the last 60 s) */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the bucket is full again */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A dependency (the database) did not answer in time; retry after Retry-After seconds (`Service temporarily unavailable`); The company (tenant) already runs DB_TENANT_CONCURRENCY database transactions in this instance and this one's queue did not move for a second (or it waited 10 seconds); other companies are served meanwhile; see Retry-After (`Too many database requests of this company at once; retry later`); The shared rate limiter (Redis) is unreachable, so requests are refused rather than admitted unlimited; see Retry-After (`Rate limiter unavailable`) */
            503: {
                headers: {
                    /** @description Seconds to wait */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "webhooks.rotateSecret": {
        parameters: {
            query?: never;
            header?: {
                /** @description Repeat a request safely: the same key and body within 24 hours return the first response exactly (header Idempotent-Replayed: true); a different body gets 409. 1 to 255 characters, no control characters. */
                "Idempotency-Key"?: string;
            };
            path: {
                /** @description The webhook's id */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Rotate a webhook's signing secret */
            200: {
                headers: {
                    /** @description Requests allowed per window for this credential */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests that would still be admitted now (limits slide over the last 60 s) */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the bucket is full again */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RotatedWebhookSecret"];
                };
            };
            /** @description No credential was sent (`Missing API key`); The credential is malformed, unknown, revoked or expired (`Invalid API key`) */
            401: {
                headers: {
                    /** @description Requests allowed per window for this credential */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests that would still be admitted now (limits slide over the last 60 s) */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the bucket is full again */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The user's role does not allow this on the object (`errors.permissionDenied`); The key is read-only, or the token was granted reading only (`errors.apiKeyReadOnly`); The OAuth token was not granted the scope this needs (`errors.insufficientScope`) */
            403: {
                headers: {
                    /** @description Requests allowed per window for this credential */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests that would still be admitted now (limits slide over the last 60 s) */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the bucket is full again */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Object or record not found (`Not found`) */
            404: {
                headers: {
                    /** @description Requests allowed per window for this credential */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests that would still be admitted now (limits slide over the last 60 s) */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the bucket is full again */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description An Idempotency-Key reused with another body, or a concurrent change (the object's fields, a deadlock): retry; or an approval request already decided (decisions are final); or an import already done or failed, which cannot be cancelled (`Conflict`) */
            409: {
                headers: {
                    /** @description Requests allowed per window for this credential */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests that would still be admitted now (limits slide over the last 60 s) */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the bucket is full again */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too many requests for this credential; see Retry-After (`Rate limit exceeded`) */
            429: {
                headers: {
                    /** @description Requests allowed per window for this credential */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests that would still be admitted now (limits slide over the last 60 s) */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the bucket is full again */
                    "X-RateLimit-Reset"?: number;
                    /** @description Seconds to wait */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unexpected failure; quote the requestId when reporting it (`Internal server error`) */
            500: {
                headers: {
                    /** @description Requests allowed per window for this credential */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests that would still be admitted now (limits slide over the last 60 s) */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the bucket is full again */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A dependency (the database) did not answer in time; retry after Retry-After seconds (`Service temporarily unavailable`); The company (tenant) already runs DB_TENANT_CONCURRENCY database transactions in this instance and this one's queue did not move for a second (or it waited 10 seconds); other companies are served meanwhile; see Retry-After (`Too many database requests of this company at once; retry later`); The shared rate limiter (Redis) is unreachable, so requests are refused rather than admitted unlimited; see Retry-After (`Rate limiter unavailable`) */
            503: {
                headers: {
                    /** @description Seconds to wait */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "webhooks.test": {
        parameters: {
            query?: never;
            header?: {
                /** @description Repeat a request safely: the same key and body within 24 hours return the first response exactly (header Idempotent-Replayed: true); a different body gets 409. 1 to 255 characters, no control characters. */
                "Idempotency-Key"?: string;
            };
            path: {
                /** @description The webhook's id */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Send a test event */
            202: {
                headers: {
                    /** @description Requests allowed per window for this credential */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests that would still be admitted now (limits slide over the last 60 s) */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the bucket is full again */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["WebhookDeliveryDetail"];
                };
            };
            /** @description Validation or business-rule failure (`Invalid request`) */
            400: {
                headers: {
                    /** @description Requests allowed per window for this credential */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests that would still be admitted now (limits slide over the last 60 s) */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the bucket is full again */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No credential was sent (`Missing API key`); The credential is malformed, unknown, revoked or expired (`Invalid API key`) */
            401: {
                headers: {
                    /** @description Requests allowed per window for this credential */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests that would still be admitted now (limits slide over the last 60 s) */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the bucket is full again */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The user's role does not allow this on the object (`errors.permissionDenied`); The key is read-only, or the token was granted reading only (`errors.apiKeyReadOnly`); The OAuth token was not granted the scope this needs (`errors.insufficientScope`) */
            403: {
                headers: {
                    /** @description Requests allowed per window for this credential */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests that would still be admitted now (limits slide over the last 60 s) */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the bucket is full again */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Object or record not found (`Not found`) */
            404: {
                headers: {
                    /** @description Requests allowed per window for this credential */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests that would still be admitted now (limits slide over the last 60 s) */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the bucket is full again */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description An Idempotency-Key reused with another body, or a concurrent change (the object's fields, a deadlock): retry; or an approval request already decided (decisions are final); or an import already done or failed, which cannot be cancelled (`Conflict`) */
            409: {
                headers: {
                    /** @description Requests allowed per window for this credential */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests that would still be admitted now (limits slide over the last 60 s) */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the bucket is full again */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too many requests for this credential; see Retry-After (`Rate limit exceeded`) */
            429: {
                headers: {
                    /** @description Requests allowed per window for this credential */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests that would still be admitted now (limits slide over the last 60 s) */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the bucket is full again */
                    "X-RateLimit-Reset"?: number;
                    /** @description Seconds to wait */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unexpected failure; quote the requestId when reporting it (`Internal server error`) */
            500: {
                headers: {
                    /** @description Requests allowed per window for this credential */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests that would still be admitted now (limits slide over the last 60 s) */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the bucket is full again */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A dependency (the database) did not answer in time; retry after Retry-After seconds (`Service temporarily unavailable`); The company (tenant) already runs DB_TENANT_CONCURRENCY database transactions in this instance and this one's queue did not move for a second (or it waited 10 seconds); other companies are served meanwhile; see Retry-After (`Too many database requests of this company at once; retry later`); The shared rate limiter (Redis) is unreachable, so requests are refused rather than admitted unlimited; see Retry-After (`Rate limiter unavailable`) */
            503: {
                headers: {
                    /** @description Seconds to wait */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "webhooks.deliveries": {
        parameters: {
            query?: {
                /** @description Only deliveries of this event (webhook.test: the test sends) */
                event?: "record.created" | "record.updated" | "flow.enrolled" | "flow.message_sent" | "flow.replied" | "flow.step_completed" | "flow.completed" | "approval.requested" | "approval.approved" | "approval.rejected" | "webhook.test";
                /** @description success: a 2xx status; failure: anything else that has finished */
                outcome?: "success" | "failure";
                /** @description How many to return, newest first (1 to 100) */
                limit?: number;
                /** @description The id of the last delivery of the previous page */
                starting_after?: string;
            };
            header?: never;
            path: {
                /** @description The webhook's id */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description List a webhook's deliveries */
            200: {
                headers: {
                    /** @description Requests allowed per window for this credential */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests that would still be admitted now (limits slide over the last 60 s) */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the bucket is full again */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["WebhookDeliveryPage"];
                };
            };
            /** @description Validation or business-rule failure (`Invalid request`) */
            400: {
                headers: {
                    /** @description Requests allowed per window for this credential */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests that would still be admitted now (limits slide over the last 60 s) */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the bucket is full again */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No credential was sent (`Missing API key`); The credential is malformed, unknown, revoked or expired (`Invalid API key`) */
            401: {
                headers: {
                    /** @description Requests allowed per window for this credential */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests that would still be admitted now (limits slide over the last 60 s) */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the bucket is full again */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The user's role does not allow this on the object (`errors.permissionDenied`); The key is read-only, or the token was granted reading only (`errors.apiKeyReadOnly`); The OAuth token was not granted the scope this needs (`errors.insufficientScope`) */
            403: {
                headers: {
                    /** @description Requests allowed per window for this credential */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests that would still be admitted now (limits slide over the last 60 s) */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the bucket is full again */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Object or record not found (`Not found`) */
            404: {
                headers: {
                    /** @description Requests allowed per window for this credential */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests that would still be admitted now (limits slide over the last 60 s) */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the bucket is full again */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too many requests for this credential; see Retry-After (`Rate limit exceeded`) */
            429: {
                headers: {
                    /** @description Requests allowed per window for this credential */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests that would still be admitted now (limits slide over the last 60 s) */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the bucket is full again */
                    "X-RateLimit-Reset"?: number;
                    /** @description Seconds to wait */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unexpected failure; quote the requestId when reporting it (`Internal server error`) */
            500: {
                headers: {
                    /** @description Requests allowed per window for this credential */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests that would still be admitted now (limits slide over the last 60 s) */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the bucket is full again */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A dependency (the database) did not answer in time; retry after Retry-After seconds (`Service temporarily unavailable`); The company (tenant) already runs DB_TENANT_CONCURRENCY database transactions in this instance and this one's queue did not move for a second (or it waited 10 seconds); other companies are served meanwhile; see Retry-After (`Too many database requests of this company at once; retry later`); The shared rate limiter (Redis) is unreachable, so requests are refused rather than admitted unlimited; see Retry-After (`Rate limiter unavailable`) */
            503: {
                headers: {
                    /** @description Seconds to wait */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "webhooks.delivery": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The webhook's id */
                id: string;
                /** @description The delivery's id */
                deliveryId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Get a delivery */
            200: {
                headers: {
                    /** @description Requests allowed per window for this credential */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests that would still be admitted now (limits slide over the last 60 s) */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the bucket is full again */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["WebhookDeliveryDetail"];
                };
            };
            /** @description No credential was sent (`Missing API key`); The credential is malformed, unknown, revoked or expired (`Invalid API key`) */
            401: {
                headers: {
                    /** @description Requests allowed per window for this credential */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests that would still be admitted now (limits slide over the last 60 s) */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the bucket is full again */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The user's role does not allow this on the object (`errors.permissionDenied`); The key is read-only, or the token was granted reading only (`errors.apiKeyReadOnly`); The OAuth token was not granted the scope this needs (`errors.insufficientScope`) */
            403: {
                headers: {
                    /** @description Requests allowed per window for this credential */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests that would still be admitted now (limits slide over the last 60 s) */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the bucket is full again */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Object or record not found (`Not found`) */
            404: {
                headers: {
                    /** @description Requests allowed per window for this credential */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests that would still be admitted now (limits slide over the last 60 s) */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the bucket is full again */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too many requests for this credential; see Retry-After (`Rate limit exceeded`) */
            429: {
                headers: {
                    /** @description Requests allowed per window for this credential */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests that would still be admitted now (limits slide over the last 60 s) */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the bucket is full again */
                    "X-RateLimit-Reset"?: number;
                    /** @description Seconds to wait */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unexpected failure; quote the requestId when reporting it (`Internal server error`) */
            500: {
                headers: {
                    /** @description Requests allowed per window for this credential */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests that would still be admitted now (limits slide over the last 60 s) */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the bucket is full again */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A dependency (the database) did not answer in time; retry after Retry-After seconds (`Service temporarily unavailable`); The company (tenant) already runs DB_TENANT_CONCURRENCY database transactions in this instance and this one's queue did not move for a second (or it waited 10 seconds); other companies are served meanwhile; see Retry-After (`Too many database requests of this company at once; retry later`); The shared rate limiter (Redis) is unreachable, so requests are refused rather than admitted unlimited; see Retry-After (`Rate limiter unavailable`) */
            503: {
                headers: {
                    /** @description Seconds to wait */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "webhooks.redeliver": {
        parameters: {
            query?: never;
            header?: {
                /** @description Repeat a request safely: the same key and body within 24 hours return the first response exactly (header Idempotent-Replayed: true); a different body gets 409. 1 to 255 characters, no control characters. */
                "Idempotency-Key"?: string;
            };
            path: {
                /** @description The webhook's id */
                id: string;
                /** @description The delivery's id */
                deliveryId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Redeliver */
            202: {
                headers: {
                    /** @description Requests allowed per window for this credential */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests that would still be admitted now (limits slide over the last 60 s) */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the bucket is full again */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["WebhookDeliveryDetail"];
                };
            };
            /** @description Validation or business-rule failure (`Invalid request`) */
            400: {
                headers: {
                    /** @description Requests allowed per window for this credential */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests that would still be admitted now (limits slide over the last 60 s) */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the bucket is full again */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No credential was sent (`Missing API key`); The credential is malformed, unknown, revoked or expired (`Invalid API key`) */
            401: {
                headers: {
                    /** @description Requests allowed per window for this credential */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests that would still be admitted now (limits slide over the last 60 s) */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the bucket is full again */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The user's role does not allow this on the object (`errors.permissionDenied`); The key is read-only, or the token was granted reading only (`errors.apiKeyReadOnly`); The OAuth token was not granted the scope this needs (`errors.insufficientScope`) */
            403: {
                headers: {
                    /** @description Requests allowed per window for this credential */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests that would still be admitted now (limits slide over the last 60 s) */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the bucket is full again */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Object or record not found (`Not found`) */
            404: {
                headers: {
                    /** @description Requests allowed per window for this credential */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests that would still be admitted now (limits slide over the last 60 s) */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the bucket is full again */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description An Idempotency-Key reused with another body, or a concurrent change (the object's fields, a deadlock): retry; or an approval request already decided (decisions are final); or an import already done or failed, which cannot be cancelled (`Conflict`) */
            409: {
                headers: {
                    /** @description Requests allowed per window for this credential */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests that would still be admitted now (limits slide over the last 60 s) */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the bucket is full again */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too many requests for this credential; see Retry-After (`Rate limit exceeded`) */
            429: {
                headers: {
                    /** @description Requests allowed per window for this credential */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests that would still be admitted now (limits slide over the last 60 s) */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the bucket is full again */
                    "X-RateLimit-Reset"?: number;
                    /** @description Seconds to wait */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unexpected failure; quote the requestId when reporting it (`Internal server error`) */
            500: {
                headers: {
                    /** @description Requests allowed per window for this credential */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests that would still be admitted now (limits slide over the last 60 s) */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the bucket is full again */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A dependency (the database) did not answer in time; retry after Retry-After seconds (`Service temporarily unavailable`); The company (tenant) already runs DB_TENANT_CONCURRENCY database transactions in this instance and this one's queue did not move for a second (or it waited 10 seconds); other companies are served meanwhile; see Retry-After (`Too many database requests of this company at once; retry later`); The shared rate limiter (Redis) is unreachable, so requests are refused rather than admitted unlimited; see Retry-After (`Rate limiter unavailable`) */
            503: {
                headers: {
                    /** @description Seconds to wait */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "webhooks.resend": {
        parameters: {
            query?: never;
            header?: {
                /** @description Repeat a request safely: the same key and body within 24 hours return the first response exactly (header Idempotent-Replayed: true); a different body gets 409. 1 to 255 characters, no control characters. */
                "Idempotency-Key"?: string;
            };
            path: {
                /** @description The webhook's id */
                id: string;
            };
            cookie?: never;
        };
        /** @description UTF-8 JSON of at most 4194304 bytes (the server's MAX_BODY_BYTES; larger bodies get 413, bytes that are not UTF-8 a 400). The credential is checked before the body is read. */
        requestBody: {
            content: {
                "application/json": {
                    /**
                     * Format: uuid
                     * @description The event's id (GET /events)
                     */
                    event_id: string;
                };
            };
        };
        responses: {
            /** @description Send an event to a webhook */
            202: {
                headers: {
                    /** @description Requests allowed per window for this credential */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests that would still be admitted now (limits slide over the last 60 s) */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the bucket is full again */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["WebhookDeliveryDetail"];
                };
            };
            /** @description Validation or business-rule failure (`Invalid request`) */
            400: {
                headers: {
                    /** @description Requests allowed per window for this credential */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests that would still be admitted now (limits slide over the last 60 s) */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the bucket is full again */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No credential was sent (`Missing API key`); The credential is malformed, unknown, revoked or expired (`Invalid API key`) */
            401: {
                headers: {
                    /** @description Requests allowed per window for this credential */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests that would still be admitted now (limits slide over the last 60 s) */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the bucket is full again */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The user's role does not allow this on the object (`errors.permissionDenied`); The key is read-only, or the token was granted reading only (`errors.apiKeyReadOnly`); The OAuth token was not granted the scope this needs (`errors.insufficientScope`) */
            403: {
                headers: {
                    /** @description Requests allowed per window for this credential */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests that would still be admitted now (limits slide over the last 60 s) */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the bucket is full again */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Object or record not found (`Not found`) */
            404: {
                headers: {
                    /** @description Requests allowed per window for this credential */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests that would still be admitted now (limits slide over the last 60 s) */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the bucket is full again */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description An Idempotency-Key reused with another body, or a concurrent change (the object's fields, a deadlock): retry; or an approval request already decided (decisions are final); or an import already done or failed, which cannot be cancelled (`Conflict`) */
            409: {
                headers: {
                    /** @description Requests allowed per window for this credential */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests that would still be admitted now (limits slide over the last 60 s) */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the bucket is full again */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The body exceeds MAX_BODY_BYTES, or a CSV file to import exceeds IMPORT_MAX_BYTES (`Request body too large`) */
            413: {
                headers: {
                    /** @description Requests allowed per window for this credential */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests that would still be admitted now (limits slide over the last 60 s) */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the bucket is full again */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The body is not JSON (`Content-Type must be application/json`) */
            415: {
                headers: {
                    /** @description Requests allowed per window for this credential */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests that would still be admitted now (limits slide over the last 60 s) */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the bucket is full again */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too many requests for this credential; see Retry-After (`Rate limit exceeded`) */
            429: {
                headers: {
                    /** @description Requests allowed per window for this credential */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests that would still be admitted now (limits slide over the last 60 s) */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the bucket is full again */
                    "X-RateLimit-Reset"?: number;
                    /** @description Seconds to wait */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unexpected failure; quote the requestId when reporting it (`Internal server error`) */
            500: {
                headers: {
                    /** @description Requests allowed per window for this credential */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests that would still be admitted now (limits slide over the last 60 s) */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the bucket is full again */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A dependency (the database) did not answer in time; retry after Retry-After seconds (`Service temporarily unavailable`); The company (tenant) already runs DB_TENANT_CONCURRENCY database transactions in this instance and this one's queue did not move for a second (or it waited 10 seconds); other companies are served meanwhile; see Retry-After (`Too many database requests of this company at once; retry later`); The shared rate limiter (Redis) is unreachable, so requests are refused rather than admitted unlimited; see Retry-After (`Rate limiter unavailable`) */
            503: {
                headers: {
                    /** @description Seconds to wait */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "events.list": {
        parameters: {
            query?: {
                /** @description Only events of these types (repeat the parameter); webhook.test events are listed only when named here */
                type?: ("record.created" | "record.updated" | "flow.enrolled" | "flow.message_sent" | "flow.replied" | "flow.step_completed" | "flow.completed" | "approval.requested" | "approval.approved" | "approval.rejected" | "webhook.test")[];
                /** @description Only events of records of this object */
                objectApiName?: string;
                /** @description Only events saved at or after this instant (ISO 8601) */
                created_since?: string;
                /** @description A `next_cursor`, to continue its page's order; or an event's id, for the events after it, oldest first. Without it, the newest events come first */
                after?: string;
                /** @description How many to return (1 to 500) */
                limit?: number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description List events */
            200: {
                headers: {
                    /** @description Requests allowed per window for this credential */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests that would still be admitted now (limits slide over the last 60 s) */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the bucket is full again */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["EventPage"];
                };
            };
            /** @description Validation or business-rule failure (`Invalid request`) */
            400: {
                headers: {
                    /** @description Requests allowed per window for this credential */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests that would still be admitted now (limits slide over the last 60 s) */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the bucket is full again */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No credential was sent (`Missing API key`); The credential is malformed, unknown, revoked or expired (`Invalid API key`) */
            401: {
                headers: {
                    /** @description Requests allowed per window for this credential */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests that would still be admitted now (limits slide over the last 60 s) */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the bucket is full again */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The OAuth token was not granted the scope this needs (`errors.insufficientScope`) */
            403: {
                headers: {
                    /** @description Requests allowed per window for this credential */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests that would still be admitted now (limits slide over the last 60 s) */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the bucket is full again */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description An Idempotency-Key reused with another body, or a concurrent change (the object's fields, a deadlock): retry; or an approval request already decided (decisions are final); or an import already done or failed, which cannot be cancelled (`Conflict`) */
            409: {
                headers: {
                    /** @description Requests allowed per window for this credential */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests that would still be admitted now (limits slide over the last 60 s) */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the bucket is full again */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too many requests for this credential; see Retry-After (`Rate limit exceeded`) */
            429: {
                headers: {
                    /** @description Requests allowed per window for this credential */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests that would still be admitted now (limits slide over the last 60 s) */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the bucket is full again */
                    "X-RateLimit-Reset"?: number;
                    /** @description Seconds to wait */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unexpected failure; quote the requestId when reporting it (`Internal server error`) */
            500: {
                headers: {
                    /** @description Requests allowed per window for this credential */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests that would still be admitted now (limits slide over the last 60 s) */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the bucket is full again */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A dependency (the database) did not answer in time; retry after Retry-After seconds (`Service temporarily unavailable`); The company (tenant) already runs DB_TENANT_CONCURRENCY database transactions in this instance and this one's queue did not move for a second (or it waited 10 seconds); other companies are served meanwhile; see Retry-After (`Too many database requests of this company at once; retry later`); The shared rate limiter (Redis) is unreachable, so requests are refused rather than admitted unlimited; see Retry-After (`Rate limiter unavailable`) */
            503: {
                headers: {
                    /** @description Seconds to wait */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "events.get": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The event's id */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Get an event */
            200: {
                headers: {
                    /** @description Requests allowed per window for this credential */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests that would still be admitted now (limits slide over the last 60 s) */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the bucket is full again */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Event"];
                };
            };
            /** @description No credential was sent (`Missing API key`); The credential is malformed, unknown, revoked or expired (`Invalid API key`) */
            401: {
                headers: {
                    /** @description Requests allowed per window for this credential */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests that would still be admitted now (limits slide over the last 60 s) */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the bucket is full again */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The OAuth token was not granted the scope this needs (`errors.insufficientScope`) */
            403: {
                headers: {
                    /** @description Requests allowed per window for this credential */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests that would still be admitted now (limits slide over the last 60 s) */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the bucket is full again */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Object or record not found (`Not found`) */
            404: {
                headers: {
                    /** @description Requests allowed per window for this credential */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests that would still be admitted now (limits slide over the last 60 s) */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the bucket is full again */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description An Idempotency-Key reused with another body, or a concurrent change (the object's fields, a deadlock): retry; or an approval request already decided (decisions are final); or an import already done or failed, which cannot be cancelled (`Conflict`) */
            409: {
                headers: {
                    /** @description Requests allowed per window for this credential */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests that would still be admitted now (limits slide over the last 60 s) */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the bucket is full again */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too many requests for this credential; see Retry-After (`Rate limit exceeded`) */
            429: {
                headers: {
                    /** @description Requests allowed per window for this credential */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests that would still be admitted now (limits slide over the last 60 s) */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the bucket is full again */
                    "X-RateLimit-Reset"?: number;
                    /** @description Seconds to wait */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unexpected failure; quote the requestId when reporting it (`Internal server error`) */
            500: {
                headers: {
                    /** @description Requests allowed per window for this credential */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests that would still be admitted now (limits slide over the last 60 s) */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the bucket is full again */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A dependency (the database) did not answer in time; retry after Retry-After seconds (`Service temporarily unavailable`); The company (tenant) already runs DB_TENANT_CONCURRENCY database transactions in this instance and this one's queue did not move for a second (or it waited 10 seconds); other companies are served meanwhile; see Retry-After (`Too many database requests of this company at once; retry later`); The shared rate limiter (Redis) is unreachable, so requests are refused rather than admitted unlimited; see Retry-After (`Rate limiter unavailable`) */
            503: {
                headers: {
                    /** @description Seconds to wait */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "audit.list": {
        parameters: {
            query?: {
                /** @description Only entries of this action */
                action?: "api_key.created" | "api_key.revoked" | "app.registered" | "app.published" | "app.secret_rotated" | "app.installed" | "app.uninstalled" | "agent.connected" | "agent.revoked" | "agent_connections.allowed" | "agent_connections.forbidden" | "oauth_token.revoked" | "widget.declared" | "widget.removed" | "webhook.created" | "webhook.updated" | "webhook.paused" | "webhook.resumed" | "webhook.secret_rotated" | "webhook.deleted" | "object.created" | "object.updated" | "object.archived" | "field.created" | "field.updated" | "field.archived" | "role.permission_changed" | "user.invited" | "user.role_changed" | "user.deactivated" | "user.reactivated" | "user.password_reset" | "user.joined" | "user.reset_link_used" | "user.signed_out_everywhere" | "user.signed_in" | "user.sign_in_failed" | "flow.created" | "flow.updated" | "flow.activated" | "flow.paused" | "approval_process.saved" | "approval_process.deleted";
                /** @description Only entries of this user (their id) */
                actor?: string;
                /** @description Only entries at or after this time */
                since?: unknown;
                /** @description Only entries before this time */
                until?: unknown;
                /** @description How many to return, newest first (1 to 100) */
                limit?: number;
                /** @description The id of the last entry of the previous page */
                starting_after?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description List the audit log */
            200: {
                headers: {
                    /** @description Requests allowed per window for this credential */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests that would still be admitted now (limits slide over the last 60 s) */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the bucket is full again */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AuditLogPage"];
                };
            };
            /** @description Validation or business-rule failure (`Invalid request`) */
            400: {
                headers: {
                    /** @description Requests allowed per window for this credential */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests that would still be admitted now (limits slide over the last 60 s) */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the bucket is full again */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No credential was sent (`Missing API key`); The credential is malformed, unknown, revoked or expired (`Invalid API key`) */
            401: {
                headers: {
                    /** @description Requests allowed per window for this credential */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests that would still be admitted now (limits slide over the last 60 s) */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the bucket is full again */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The user's role does not allow this on the object (`errors.permissionDenied`); The object is outside the key's or token's scope (`errors.apiKeyObjectDenied`); The OAuth token was not granted the scope this needs (`errors.insufficientScope`) */
            403: {
                headers: {
                    /** @description Requests allowed per window for this credential */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests that would still be admitted now (limits slide over the last 60 s) */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the bucket is full again */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too many requests for this credential; see Retry-After (`Rate limit exceeded`) */
            429: {
                headers: {
                    /** @description Requests allowed per window for this credential */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests that would still be admitted now (limits slide over the last 60 s) */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the bucket is full again */
                    "X-RateLimit-Reset"?: number;
                    /** @description Seconds to wait */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unexpected failure; quote the requestId when reporting it (`Internal server error`) */
            500: {
                headers: {
                    /** @description Requests allowed per window for this credential */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests that would still be admitted now (limits slide over the last 60 s) */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the bucket is full again */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A dependency (the database) did not answer in time; retry after Retry-After seconds (`Service temporarily unavailable`); The company (tenant) already runs DB_TENANT_CONCURRENCY database transactions in this instance and this one's queue did not move for a second (or it waited 10 seconds); other companies are served meanwhile; see Retry-After (`Too many database requests of this company at once; retry later`); The shared rate limiter (Redis) is unreachable, so requests are refused rather than admitted unlimited; see Retry-After (`Rate limiter unavailable`) */
            503: {
                headers: {
                    /** @description Seconds to wait */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "requestLog.list": {
        parameters: {
            query?: {
                /** @description The line of one request: an answer's X-Request-Id or an error body's requestId */
                requestId?: string;
                /** @description Only requests made with this API key (its id) */
                keyId?: string;
                /** @description Only requests made with tokens of this OAuth app or agent connection (its id) */
                appId?: string;
                /** @description A status class (2xx, 4xx, 5xx) or one status (429) */
                status?: string;
                /** @description Only paths starting with this (/api/v1/contact matches /api/v1/contact/{id} too; /api/mcp: the MCP server) */
                path?: string;
                /** @description Only requests at or after this time */
                since?: unknown;
                /** @description How many to return, newest first (1 to 100) */
                limit?: number;
                /** @description The id of the last line of the previous page */
                starting_after?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description List the request log */
            200: {
                headers: {
                    /** @description Requests allowed per window for this credential */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests that would still be admitted now (limits slide over the last 60 s) */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the bucket is full again */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RequestLogPage"];
                };
            };
            /** @description Validation or business-rule failure (`Invalid request`) */
            400: {
                headers: {
                    /** @description Requests allowed per window for this credential */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests that would still be admitted now (limits slide over the last 60 s) */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the bucket is full again */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No credential was sent (`Missing API key`); The credential is malformed, unknown, revoked or expired (`Invalid API key`) */
            401: {
                headers: {
                    /** @description Requests allowed per window for this credential */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests that would still be admitted now (limits slide over the last 60 s) */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the bucket is full again */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The user's role does not allow this on the object (`errors.permissionDenied`); The object is outside the key's or token's scope (`errors.apiKeyObjectDenied`); The OAuth token was not granted the scope this needs (`errors.insufficientScope`) */
            403: {
                headers: {
                    /** @description Requests allowed per window for this credential */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests that would still be admitted now (limits slide over the last 60 s) */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the bucket is full again */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too many requests for this credential; see Retry-After (`Rate limit exceeded`) */
            429: {
                headers: {
                    /** @description Requests allowed per window for this credential */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests that would still be admitted now (limits slide over the last 60 s) */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the bucket is full again */
                    "X-RateLimit-Reset"?: number;
                    /** @description Seconds to wait */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unexpected failure; quote the requestId when reporting it (`Internal server error`) */
            500: {
                headers: {
                    /** @description Requests allowed per window for this credential */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests that would still be admitted now (limits slide over the last 60 s) */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the bucket is full again */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A dependency (the database) did not answer in time; retry after Retry-After seconds (`Service temporarily unavailable`); The company (tenant) already runs DB_TENANT_CONCURRENCY database transactions in this instance and this one's queue did not move for a second (or it waited 10 seconds); other companies are served meanwhile; see Retry-After (`Too many database requests of this company at once; retry later`); The shared rate limiter (Redis) is unreachable, so requests are refused rather than admitted unlimited; see Retry-After (`Rate limiter unavailable`) */
            503: {
                headers: {
                    /** @description Seconds to wait */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "events.stream": {
        parameters: {
            query?: {
                /** @description Only events of these types (repeat the parameter); webhook.test events are listed only when named here */
                type?: ("record.created" | "record.updated" | "flow.enrolled" | "flow.message_sent" | "flow.replied" | "flow.step_completed" | "flow.completed" | "approval.requested" | "approval.approved" | "approval.rejected" | "webhook.test")[];
                /** @description Only events of records of this object */
                objectApiName?: string;
                /** @description A `next_cursor`, to continue its page's order; or an event's id, for the events after it, oldest first. Without it, the newest events come first */
                after?: string;
            };
            header?: {
                /** @description The id of the last event received: the stream resumes after it (over `after`) */
                "Last-Event-ID"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The event stream */
            200: {
                headers: {
                    /** @description Requests allowed per window for this credential */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests that would still be admitted now (limits slide over the last 60 s) */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the bucket is full again */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "text/event-stream": string;
                };
            };
            /** @description Validation or business-rule failure (`Invalid request`) */
            400: {
                headers: {
                    /** @description Requests allowed per window for this credential */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests that would still be admitted now (limits slide over the last 60 s) */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the bucket is full again */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No credential was sent (`Missing API key`); The credential is malformed, unknown, revoked or expired (`Invalid API key`) */
            401: {
                headers: {
                    /** @description Requests allowed per window for this credential */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests that would still be admitted now (limits slide over the last 60 s) */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the bucket is full again */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The OAuth token was not granted the scope this needs (`errors.insufficientScope`) */
            403: {
                headers: {
                    /** @description Requests allowed per window for this credential */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests that would still be admitted now (limits slide over the last 60 s) */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the bucket is full again */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description An Idempotency-Key reused with another body, or a concurrent change (the object's fields, a deadlock): retry; or an approval request already decided (decisions are final); or an import already done or failed, which cannot be cancelled (`Conflict`) */
            409: {
                headers: {
                    /** @description Requests allowed per window for this credential */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests that would still be admitted now (limits slide over the last 60 s) */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the bucket is full again */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too many requests for this credential; see Retry-After (`Rate limit exceeded`) */
            429: {
                headers: {
                    /** @description Requests allowed per window for this credential */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests that would still be admitted now (limits slide over the last 60 s) */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the bucket is full again */
                    "X-RateLimit-Reset"?: number;
                    /** @description Seconds to wait */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unexpected failure; quote the requestId when reporting it (`Internal server error`) */
            500: {
                headers: {
                    /** @description Requests allowed per window for this credential */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests that would still be admitted now (limits slide over the last 60 s) */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the bucket is full again */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A dependency (the database) did not answer in time; retry after Retry-After seconds (`Service temporarily unavailable`); The company (tenant) already runs DB_TENANT_CONCURRENCY database transactions in this instance and this one's queue did not move for a second (or it waited 10 seconds); other companies are served meanwhile; see Retry-After (`Too many database requests of this company at once; retry later`); The shared rate limiter (Redis) is unreachable, so requests are refused rather than admitted unlimited; see Retry-After (`Rate limiter unavailable`) */
            503: {
                headers: {
                    /** @description Seconds to wait */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "event.record.created": {
        parameters: {
            query?: never;
            header: {
                /** @description The event name */
                "x-service-event": string;
                /** @description `sha256=` and the hex HMAC-SHA256 of the raw body, keyed with the webhook's secret as shown (`whsec_...`) */
                "x-service-signature": string;
                /** @description The delivery's id (uuid), unique per attempt; a redelivery has a new one */
                "x-service-delivery": string;
                /** @description The event's id (uuid), the same in every delivery of it, redeliveries included: dedupe by it */
                "x-service-event-id": string;
                /** @description When it was sent, in Unix seconds */
                "x-service-timestamp": string;
                /** @description Standard Webhooks: the delivery's id */
                "webhook-id": string;
                /** @description Standard Webhooks: when it was sent, in Unix seconds */
                "webhook-timestamp": string;
                /** @description Standard Webhooks: `v1,` and the base64 HMAC-SHA256 of `id.timestamp.body`, keyed with the secret's bytes after `whsec_` */
                "webhook-signature": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["RecordCreatedEvent"];
            };
        };
        responses: {
            /** @description Any 2xx status counts as delivered; anything else, a redirect or no answer within 4 s is logged as a failure */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    "event.record.updated": {
        parameters: {
            query?: never;
            header: {
                /** @description The event name */
                "x-service-event": string;
                /** @description `sha256=` and the hex HMAC-SHA256 of the raw body, keyed with the webhook's secret as shown (`whsec_...`) */
                "x-service-signature": string;
                /** @description The delivery's id (uuid), unique per attempt; a redelivery has a new one */
                "x-service-delivery": string;
                /** @description The event's id (uuid), the same in every delivery of it, redeliveries included: dedupe by it */
                "x-service-event-id": string;
                /** @description When it was sent, in Unix seconds */
                "x-service-timestamp": string;
                /** @description Standard Webhooks: the delivery's id */
                "webhook-id": string;
                /** @description Standard Webhooks: when it was sent, in Unix seconds */
                "webhook-timestamp": string;
                /** @description Standard Webhooks: `v1,` and the base64 HMAC-SHA256 of `id.timestamp.body`, keyed with the secret's bytes after `whsec_` */
                "webhook-signature": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["RecordUpdatedEvent"];
            };
        };
        responses: {
            /** @description Any 2xx status counts as delivered; anything else, a redirect or no answer within 4 s is logged as a failure */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    "event.flow.enrolled": {
        parameters: {
            query?: never;
            header: {
                /** @description The event name */
                "x-service-event": string;
                /** @description `sha256=` and the hex HMAC-SHA256 of the raw body, keyed with the webhook's secret as shown (`whsec_...`) */
                "x-service-signature": string;
                /** @description The delivery's id (uuid), unique per attempt; a redelivery has a new one */
                "x-service-delivery": string;
                /** @description The event's id (uuid), the same in every delivery of it, redeliveries included: dedupe by it */
                "x-service-event-id": string;
                /** @description When it was sent, in Unix seconds */
                "x-service-timestamp": string;
                /** @description Standard Webhooks: the delivery's id */
                "webhook-id": string;
                /** @description Standard Webhooks: when it was sent, in Unix seconds */
                "webhook-timestamp": string;
                /** @description Standard Webhooks: `v1,` and the base64 HMAC-SHA256 of `id.timestamp.body`, keyed with the secret's bytes after `whsec_` */
                "webhook-signature": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["FlowEnrolledEvent"];
            };
        };
        responses: {
            /** @description Any 2xx status counts as delivered; anything else, a redirect or no answer within 4 s is logged as a failure */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    "event.flow.message_sent": {
        parameters: {
            query?: never;
            header: {
                /** @description The event name */
                "x-service-event": string;
                /** @description `sha256=` and the hex HMAC-SHA256 of the raw body, keyed with the webhook's secret as shown (`whsec_...`) */
                "x-service-signature": string;
                /** @description The delivery's id (uuid), unique per attempt; a redelivery has a new one */
                "x-service-delivery": string;
                /** @description The event's id (uuid), the same in every delivery of it, redeliveries included: dedupe by it */
                "x-service-event-id": string;
                /** @description When it was sent, in Unix seconds */
                "x-service-timestamp": string;
                /** @description Standard Webhooks: the delivery's id */
                "webhook-id": string;
                /** @description Standard Webhooks: when it was sent, in Unix seconds */
                "webhook-timestamp": string;
                /** @description Standard Webhooks: `v1,` and the base64 HMAC-SHA256 of `id.timestamp.body`, keyed with the secret's bytes after `whsec_` */
                "webhook-signature": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["FlowMessageSentEvent"];
            };
        };
        responses: {
            /** @description Any 2xx status counts as delivered; anything else, a redirect or no answer within 4 s is logged as a failure */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    "event.flow.replied": {
        parameters: {
            query?: never;
            header: {
                /** @description The event name */
                "x-service-event": string;
                /** @description `sha256=` and the hex HMAC-SHA256 of the raw body, keyed with the webhook's secret as shown (`whsec_...`) */
                "x-service-signature": string;
                /** @description The delivery's id (uuid), unique per attempt; a redelivery has a new one */
                "x-service-delivery": string;
                /** @description The event's id (uuid), the same in every delivery of it, redeliveries included: dedupe by it */
                "x-service-event-id": string;
                /** @description When it was sent, in Unix seconds */
                "x-service-timestamp": string;
                /** @description Standard Webhooks: the delivery's id */
                "webhook-id": string;
                /** @description Standard Webhooks: when it was sent, in Unix seconds */
                "webhook-timestamp": string;
                /** @description Standard Webhooks: `v1,` and the base64 HMAC-SHA256 of `id.timestamp.body`, keyed with the secret's bytes after `whsec_` */
                "webhook-signature": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["FlowRepliedEvent"];
            };
        };
        responses: {
            /** @description Any 2xx status counts as delivered; anything else, a redirect or no answer within 4 s is logged as a failure */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    "event.flow.step_completed": {
        parameters: {
            query?: never;
            header: {
                /** @description The event name */
                "x-service-event": string;
                /** @description `sha256=` and the hex HMAC-SHA256 of the raw body, keyed with the webhook's secret as shown (`whsec_...`) */
                "x-service-signature": string;
                /** @description The delivery's id (uuid), unique per attempt; a redelivery has a new one */
                "x-service-delivery": string;
                /** @description The event's id (uuid), the same in every delivery of it, redeliveries included: dedupe by it */
                "x-service-event-id": string;
                /** @description When it was sent, in Unix seconds */
                "x-service-timestamp": string;
                /** @description Standard Webhooks: the delivery's id */
                "webhook-id": string;
                /** @description Standard Webhooks: when it was sent, in Unix seconds */
                "webhook-timestamp": string;
                /** @description Standard Webhooks: `v1,` and the base64 HMAC-SHA256 of `id.timestamp.body`, keyed with the secret's bytes after `whsec_` */
                "webhook-signature": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["FlowStepCompletedEvent"];
            };
        };
        responses: {
            /** @description Any 2xx status counts as delivered; anything else, a redirect or no answer within 4 s is logged as a failure */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    "event.flow.completed": {
        parameters: {
            query?: never;
            header: {
                /** @description The event name */
                "x-service-event": string;
                /** @description `sha256=` and the hex HMAC-SHA256 of the raw body, keyed with the webhook's secret as shown (`whsec_...`) */
                "x-service-signature": string;
                /** @description The delivery's id (uuid), unique per attempt; a redelivery has a new one */
                "x-service-delivery": string;
                /** @description The event's id (uuid), the same in every delivery of it, redeliveries included: dedupe by it */
                "x-service-event-id": string;
                /** @description When it was sent, in Unix seconds */
                "x-service-timestamp": string;
                /** @description Standard Webhooks: the delivery's id */
                "webhook-id": string;
                /** @description Standard Webhooks: when it was sent, in Unix seconds */
                "webhook-timestamp": string;
                /** @description Standard Webhooks: `v1,` and the base64 HMAC-SHA256 of `id.timestamp.body`, keyed with the secret's bytes after `whsec_` */
                "webhook-signature": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["FlowCompletedEvent"];
            };
        };
        responses: {
            /** @description Any 2xx status counts as delivered; anything else, a redirect or no answer within 4 s is logged as a failure */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    "event.approval.requested": {
        parameters: {
            query?: never;
            header: {
                /** @description The event name */
                "x-service-event": string;
                /** @description `sha256=` and the hex HMAC-SHA256 of the raw body, keyed with the webhook's secret as shown (`whsec_...`) */
                "x-service-signature": string;
                /** @description The delivery's id (uuid), unique per attempt; a redelivery has a new one */
                "x-service-delivery": string;
                /** @description The event's id (uuid), the same in every delivery of it, redeliveries included: dedupe by it */
                "x-service-event-id": string;
                /** @description When it was sent, in Unix seconds */
                "x-service-timestamp": string;
                /** @description Standard Webhooks: the delivery's id */
                "webhook-id": string;
                /** @description Standard Webhooks: when it was sent, in Unix seconds */
                "webhook-timestamp": string;
                /** @description Standard Webhooks: `v1,` and the base64 HMAC-SHA256 of `id.timestamp.body`, keyed with the secret's bytes after `whsec_` */
                "webhook-signature": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["ApprovalEvent"];
            };
        };
        responses: {
            /** @description Any 2xx status counts as delivered; anything else, a redirect or no answer within 4 s is logged as a failure */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    "event.approval.approved": {
        parameters: {
            query?: never;
            header: {
                /** @description The event name */
                "x-service-event": string;
                /** @description `sha256=` and the hex HMAC-SHA256 of the raw body, keyed with the webhook's secret as shown (`whsec_...`) */
                "x-service-signature": string;
                /** @description The delivery's id (uuid), unique per attempt; a redelivery has a new one */
                "x-service-delivery": string;
                /** @description The event's id (uuid), the same in every delivery of it, redeliveries included: dedupe by it */
                "x-service-event-id": string;
                /** @description When it was sent, in Unix seconds */
                "x-service-timestamp": string;
                /** @description Standard Webhooks: the delivery's id */
                "webhook-id": string;
                /** @description Standard Webhooks: when it was sent, in Unix seconds */
                "webhook-timestamp": string;
                /** @description Standard Webhooks: `v1,` and the base64 HMAC-SHA256 of `id.timestamp.body`, keyed with the secret's bytes after `whsec_` */
                "webhook-signature": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["ApprovalEvent"];
            };
        };
        responses: {
            /** @description Any 2xx status counts as delivered; anything else, a redirect or no answer within 4 s is logged as a failure */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    "event.approval.rejected": {
        parameters: {
            query?: never;
            header: {
                /** @description The event name */
                "x-service-event": string;
                /** @description `sha256=` and the hex HMAC-SHA256 of the raw body, keyed with the webhook's secret as shown (`whsec_...`) */
                "x-service-signature": string;
                /** @description The delivery's id (uuid), unique per attempt; a redelivery has a new one */
                "x-service-delivery": string;
                /** @description The event's id (uuid), the same in every delivery of it, redeliveries included: dedupe by it */
                "x-service-event-id": string;
                /** @description When it was sent, in Unix seconds */
                "x-service-timestamp": string;
                /** @description Standard Webhooks: the delivery's id */
                "webhook-id": string;
                /** @description Standard Webhooks: when it was sent, in Unix seconds */
                "webhook-timestamp": string;
                /** @description Standard Webhooks: `v1,` and the base64 HMAC-SHA256 of `id.timestamp.body`, keyed with the secret's bytes after `whsec_` */
                "webhook-signature": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["ApprovalEvent"];
            };
        };
        responses: {
            /** @description Any 2xx status counts as delivered; anything else, a redirect or no answer within 4 s is logged as a failure */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    "event.webhook.test": {
        parameters: {
            query?: never;
            header: {
                /** @description The event name */
                "x-service-event": string;
                /** @description `sha256=` and the hex HMAC-SHA256 of the raw body, keyed with the webhook's secret as shown (`whsec_...`) */
                "x-service-signature": string;
                /** @description The delivery's id (uuid), unique per attempt; a redelivery has a new one */
                "x-service-delivery": string;
                /** @description The event's id (uuid), the same in every delivery of it, redeliveries included: dedupe by it */
                "x-service-event-id": string;
                /** @description When it was sent, in Unix seconds */
                "x-service-timestamp": string;
                /** @description Standard Webhooks: the delivery's id */
                "webhook-id": string;
                /** @description Standard Webhooks: when it was sent, in Unix seconds */
                "webhook-timestamp": string;
                /** @description Standard Webhooks: `v1,` and the base64 HMAC-SHA256 of `id.timestamp.body`, keyed with the secret's bytes after `whsec_` */
                "webhook-signature": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["WebhookTestEvent"];
            };
        };
        responses: {
            /** @description Any 2xx status counts as delivered; anything else, a redirect or no answer within 4 s is logged as a failure */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
}
