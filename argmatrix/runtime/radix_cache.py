"""A radix tree over token ids whose edges own KV pages: the prefix cache.

Keys are page-aligned (an edge holds ``len(pages) * page_size`` tokens), so a
cached page is always full and can be shared as-is.  Running requests lock the
path they matched (``lock_ref``); only unlocked leaves are evicted, in the
order ``--radix-eviction-policy`` says.  With ``--disable-radix-cache`` the tree
stays empty: matches find nothing and finished requests' pages go straight
back to the free list.
"""
from __future__ import annotations

import heapq
import itertools
from collections.abc import Callable

from .kv_cache import PageAllocator


class Node:
    __slots__ = ("key", "pages", "parent", "children", "lock_ref", "last_access", "hits")

    def __init__(self, key: tuple[int, ...], pages: list[int], parent: Node | None):
        self.key = key                    # tokens on the edge from parent
        self.pages = pages                # len(key) // page_size pages
        self.parent = parent
        self.children: dict[tuple[int, ...], Node] = {}   # keyed by the child's first page of tokens
        self.lock_ref = 0                 # running requests whose matched path ends at or below here
        self.last_access = 0
        self.hits = 0


# Eviction order: the smallest key goes first.
EVICTION_KEYS: dict[str, Callable[[Node], tuple]] = {
    "lru": lambda n: (n.last_access,),
    "lfu": lambda n: (n.hits, n.last_access),
}


class RadixCache:
    def __init__(self, allocator: PageAllocator, page_size: int, policy: str = "lru", disabled: bool = False):
        if policy not in EVICTION_KEYS:
            from .errors import bilingual

            raise bilingual(ValueError, f"--radix-eviction-policy {policy}: choose one of {', '.join(EVICTION_KEYS)}",
                            f"--radix-eviction-policy {policy}：请从 {'、'.join(EVICTION_KEYS)} 中选择")
        self.allocator = allocator
        self.page_size = page_size
        self.disabled = disabled
        self._evict_key = EVICTION_KEYS[policy]
        self._clock = itertools.count(1)
        self.evicted_pages = 0
        self.reset()

    def reset(self) -> None:
        """Drop every node (the caller frees the pages first via :meth:`flush`)."""
        self.root = Node((), [], None)
        self.root.lock_ref = 1            # the root is never evicted
        self.cached_pages = 0             # pages owned by the tree
        self.evictable_pages = 0          # of those, pages in unlocked nodes

    def flush(self) -> bool:
        """Free every cached page; refused (False) while any request holds a lock."""
        if any(n.lock_ref for n in self._nodes()):
            return False
        for node in self._nodes():
            self.allocator.free(node.pages)
        self.reset()
        return True

    # ---- lookup -------------------------------------------------------------------------------------------------

    def _aligned(self, n: int) -> int:
        return n - n % self.page_size

    def _match_pages(self, key: tuple[int, ...], tokens: list[int], start: int, limit: int) -> int:
        """How many leading pages of ``key`` equal ``tokens[start:limit]``."""
        ps, n = self.page_size, min(len(key), limit - start)
        i = 0
        while i < n and key[i] == tokens[start + i]:
            i += 1
        return i // ps

    def peek(self, tokens: list[int]) -> int:
        """Length of the cached prefix of ``tokens`` (page-aligned), changing nothing."""
        if self.disabled:
            return 0
        ps, limit = self.page_size, self._aligned(len(tokens))
        node, i = self.root, 0
        while i < limit:
            child = node.children.get(tuple(tokens[i:i + ps]))
            if child is None:
                break
            k = self._match_pages(child.key, tokens, i, limit)
            i += k * ps
            if k < len(child.pages):
                break
            node = child
        return i

    def match(self, tokens: list[int]) -> tuple[list[int], Node]:
        """The cached pages covering the longest page-aligned prefix of ``tokens``, and the last node.

        Splits an edge that matches only in part so the returned node ends
        exactly at the match; touches the path for the eviction policy.
        """
        if self.disabled:
            return [], self.root
        ps, limit = self.page_size, self._aligned(len(tokens))
        node, i, pages = self.root, 0, []
        now = next(self._clock)
        while i < limit:
            child = node.children.get(tuple(tokens[i:i + ps]))
            if child is None:
                break
            k = self._match_pages(child.key, tokens, i, limit)
            if k < len(child.pages):
                child = self._split(child, k)
            child.last_access, child.hits = now, child.hits + 1
            pages.extend(child.pages)
            i += len(child.key)
            node = child
        return pages, node

    def _split(self, child: Node, k: int) -> Node:
        """Cut ``child``'s edge after ``k`` pages; return the new upper node."""
        ps = self.page_size
        upper = Node(child.key[:k * ps], child.pages[:k], child.parent)
        upper.lock_ref, upper.last_access, upper.hits = child.lock_ref, child.last_access, child.hits
        assert child.parent is not None, "the root has no edge to cut"
        child.parent.children[upper.key[:ps]] = upper
        child.key, child.pages, child.parent = child.key[k * ps:], child.pages[k:], upper
        upper.children[child.key[:ps]] = child
        return upper

    # ---- insert -------------------------------------------------------------------------------------------------

    def insert(self, tokens: list[int], pages: list[int]) -> int:
        """Cache ``pages`` as the KV of ``tokens`` (page-aligned); return how many tokens were cached already.

        The tree keeps its own pages for that already-cached prefix: the caller
        frees its copies of them (those it did not get from :meth:`match`).
        """
        ps = self.page_size
        assert len(tokens) == len(pages) * ps, "insert takes whole pages"
        if self.disabled:
            return 0
        node, i, n = self.root, 0, len(tokens)
        now = next(self._clock)
        while i < n:
            first = tuple(tokens[i:i + ps])
            child = node.children.get(first)
            if child is None:
                leaf = Node(tuple(tokens[i:]), pages[i // ps:], node)
                leaf.last_access = now
                node.children[first] = leaf
                self.cached_pages += len(leaf.pages)
                self.evictable_pages += len(leaf.pages)
                return i
            k = self._match_pages(child.key, tokens, i, n)
            if k < len(child.pages):
                child = self._split(child, k)
            child.last_access = now
            i += len(child.key)
            node = child
        return i

    # ---- locks and eviction -------------------------------------------------------------------------------------

    def lock(self, node: Node | None) -> None:
        """Lock ``node`` and its ancestors (None, nothing matched: nothing to lock)."""
        while node is not None:
            if node.lock_ref == 0:
                self.evictable_pages -= len(node.pages)
            node.lock_ref += 1
            node = node.parent

    def unlock(self, node: Node | None) -> None:
        while node is not None:
            node.lock_ref -= 1
            if node.lock_ref == 0:
                self.evictable_pages += len(node.pages)
            node = node.parent

    def evict(self, num_pages: int) -> int:
        """Free at least ``num_pages`` pages from unlocked leaves if possible; return how many were freed."""
        if num_pages <= 0 or self.evictable_pages == 0:
            return 0
        key = self._evict_key
        heap = [(key(n), id(n), n) for n in self._nodes() if not n.children and n.lock_ref == 0]
        heapq.heapify(heap)
        freed = 0
        while freed < num_pages and heap:
            _, _, node = heapq.heappop(heap)
            self.allocator.free(node.pages)
            freed += len(node.pages)
            parent = node.parent
            del parent.children[node.key[:self.page_size]]
            if parent is not self.root and not parent.children and parent.lock_ref == 0:
                heapq.heappush(heap, (key(parent), id(parent), parent))
        self.cached_pages -= freed
        self.evictable_pages -= freed
        self.evicted_pages += freed
        return freed

    # ---- introspection ------------------------------------------------------------------------------------------

    def _nodes(self):
        stack = list(self.root.children.values())
        while stack:
            node = stack.pop()
            yield node
            stack.extend(node.children.values())

    def all_pages(self) -> list[int]:
        return [p for n in self._nodes() for p in n.pages]

    def check(self, locked_nodes: list[Node]) -> None:
        """Assert the counters and locks agree with the tree (``locked_nodes``: one per running lock)."""
        expected: dict[int, int] = {}
        for locked in locked_nodes:
            walk: Node | None = locked
            while walk is not None and walk is not self.root:
                expected[id(walk)] = expected.get(id(walk), 0) + 1
                walk = walk.parent
        cached = evictable = 0
        for node in self._nodes():
            assert node.lock_ref == expected.get(id(node), 0), "radix lock count out of step with requests"
            assert len(node.key) == len(node.pages) * self.page_size and node.pages, "radix edge not page-aligned"
            assert node.parent.children.get(node.key[:self.page_size]) is node, "radix child index broken"
            cached += len(node.pages)
            evictable += 0 if node.lock_ref else len(node.pages)
        assert cached == self.cached_pages, f"cached_pages {self.cached_pages} != tree {cached}"
        assert evictable == self.evictable_pages, f"evictable_pages {self.evictable_pages} != tree {evictable}"
