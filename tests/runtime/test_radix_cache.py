"""The radix tree on its own: page-aligned matching, splitting, locking and the two eviction orders."""
from __future__ import annotations

import pytest

from argmatrix.runtime.kv_cache import PageAllocator
from argmatrix.runtime.radix_cache import RadixCache


def make(policy="lru", pages=32, page_size=2, disabled=False):
    alloc = PageAllocator(pages, page_size)
    return alloc, RadixCache(alloc, page_size, policy, disabled)


def put(tree, alloc, tokens):
    pages = alloc.alloc(len(tokens) // tree.page_size)
    already = tree.insert(tokens, pages)
    alloc.free(pages[:already // tree.page_size])     # duplicates go back, as the scheduler does
    return pages


def test_match_is_page_aligned_and_splits_edges():
    alloc, tree = make()
    pages = put(tree, alloc, [1, 2, 3, 4, 5, 6])
    assert tree.peek([1, 2, 3, 4, 5, 6, 7]) == 6
    assert tree.peek([1, 2, 3, 9]) == 2                 # the partial page [3, 9] does not count
    got, node = tree.match([1, 2, 3, 4, 8, 8])
    assert got == pages[:2] and len(node.key) == 4      # the 6-token edge was split after two pages
    tree.check([])
    assert tree.cached_pages == 3 and tree.evictable_pages == 3


def test_insert_reports_the_cached_prefix():
    alloc, tree = make()
    put(tree, alloc, [1, 2, 3, 4])
    free_before = alloc.num_free
    pages = alloc.alloc(3)
    assert tree.insert([1, 2, 3, 4, 5, 6], pages) == 4  # the first two pages were cached already
    alloc.free(pages[:2])
    assert alloc.num_free == free_before - 1 and tree.cached_pages == 3
    tree.check([])


def test_locked_paths_are_not_evicted():
    alloc, tree = make()
    put(tree, alloc, [1, 2, 3, 4])
    put(tree, alloc, [5, 6, 7, 8])
    _, node = tree.match([1, 2, 3, 4])
    tree.lock(node)
    assert tree.evictable_pages == 2
    assert tree.evict(10) == 2
    assert tree.peek([1, 2, 3, 4]) == 4 and tree.peek([5, 6, 7, 8]) == 0
    tree.check([node])
    tree.unlock(node)
    assert tree.evict(10) == 2 and tree.cached_pages == 0 and alloc.num_free == 32


@pytest.mark.parametrize("policy,survivor", [("lru", "recent"), ("lfu", "often")])
def test_eviction_policy_order(policy, survivor):
    alloc, tree = make(policy)
    keys = {"often": [1, 1, 1, 1], "recent": [2, 2, 2, 2]}
    put(tree, alloc, keys["often"])
    for _ in range(3):
        tree.match(keys["often"])                       # hit three times, long ago
    put(tree, alloc, keys["recent"])
    tree.match(keys["recent"])                          # hit once, just now
    tree.evict(1)
    assert tree.peek(keys[survivor]) == 4
    assert tree.peek(keys["often" if survivor == "recent" else "recent"]) == 0


def test_disabled_cache_stores_nothing():
    alloc, tree = make(disabled=True)
    pages = alloc.alloc(2)
    assert tree.insert([1, 2, 3, 4], pages) == 0
    assert tree.match([1, 2, 3, 4]) == ([], tree.root) and tree.cached_pages == 0


def test_flush_frees_everything_unless_locked():
    alloc, tree = make()
    put(tree, alloc, [1, 2, 3, 4])
    _, node = tree.match([1, 2])
    tree.lock(node)
    assert tree.flush() is False
    tree.unlock(node)
    assert tree.flush() is True and alloc.num_free == 32 and tree.cached_pages == 0
