"""Each request read from stdin (a JSON array of {"secret", "headers", "body"}) verified by the
Standard Webhooks specification's Python verifier, unmodified; one JSON array on stdout, in order:
{"verified": true}, or {"verified": false, "error": "<the verifier's message>"}."""
import json
import sys

from standardwebhooks.webhooks import Webhook, WebhookVerificationError


def verified(request):
    try:
        Webhook(request["secret"]).verify(request["body"], request["headers"], json_parse=False)
        return {"verified": True}
    except WebhookVerificationError as refused:
        return {"verified": False, "error": str(refused)}


json.dump([verified(request) for request in json.load(sys.stdin)], sys.stdout)
