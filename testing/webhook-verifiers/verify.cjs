// Each request read from stdin (a JSON array of {"secret", "headers", "body"}) verified by the
// Standard Webhooks specification's JavaScript verifier, unmodified; one JSON array on stdout, in
// order: {"verified": true}, or {"verified": false, "error": "<the verifier's message>"}.
"use strict";
const { Webhook } = require("standardwebhooks");

const input = require("fs").readFileSync(0, "utf8");
const answers = JSON.parse(input).map(({ secret, headers, body }) => {
  try {
    new Webhook(secret).verify(body, headers);
    return { verified: true };
  } catch (refused) {
    return { verified: false, error: refused.message };
  }
});
process.stdout.write(JSON.stringify(answers));
