"""What each server argument is: flags, type, default, help, Ascend support label."""
from .meta import MISSING, Arg, Group, Note, Removed, Renamed, Support, Text
from .model import ServerArgs, suggest
from .registry import FLAGS, GROUPS, NAMES, SPECS, ArgSpec, iter_groups, spec

__all__ = ["MISSING", "Arg", "ArgSpec", "FLAGS", "GROUPS", "Group", "NAMES", "Note", "Removed", "Renamed",
           "SPECS", "ServerArgs", "Support", "Text", "iter_groups", "spec", "suggest"]
