"""Where each argument works: platforms, statuses, allowed options, platform defaults and cross-field rules."""
