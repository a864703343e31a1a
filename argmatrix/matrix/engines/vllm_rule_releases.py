"""The vLLM releases each of vLLM's start-up rules holds for, resolved by content: do not edit.

Written by ``tools/vllm_rule_releases.py`` from the check-site inventories of the held releases
(``tests/fixtures/vllm_check_sites-<release>.json``, ``tools/vllm_check_sites.py``): each rule's
``vLLM 0.32.0 file:line`` citation is turned into the check's content in the 0.32.0 inventory and looked up in
every release's code, wherever it sits there.  ``tests/matrix/test_vllm_rule_releases.py`` regenerates it and
requires it unchanged.
"""
from __future__ import annotations

# the release whose code the rules' file:line citations were written against
ANCHOR = '0.32.0'
# the releases whose inventories were read
RELEASES_READ: tuple[str, ...] = ('0.13.0', '0.18.0', '0.23.0', '0.32.0', '0.33.0', '0.34.0')

# rule id -> the runs of held releases whose code has the check it ports; a rule not listed holds in every
# held release (its check is in all of them, or it cites no check of the inventory: NOT_RESOLVED)
HOLDS_IN: dict[str, tuple[tuple[str, str], ...]] = {'vllm-all2all-removed': (('0.23.0', '0.34.0'),),
 'vllm-dcp-with-pcp': (('0.32.0', '0.34.0'),),
 'vllm-numa-lists-need-bind': (('0.23.0', '0.33.0'),)}

# rules whose citation names no check site of the anchor's inventory: they hold in every release, and a
# person reviews them
NOT_RESOLVED: tuple[str, ...] = ()

# rule id -> release -> the file:line (under vllm/) of the check in that release's code
SITES: dict[str, dict[str, tuple[str, ...]]] = {'vllm-all2all-removed': {'0.23.0': ('config/parallel.py:434',),
                          '0.32.0': ('config/parallel.py:534',),
                          '0.33.0': ('config/parallel.py:538',),
                          '0.34.0': ('config/parallel.py:576',)},
 'vllm-dcp-with-pcp': {'0.32.0': ('config/parallel.py:598',),
                       '0.33.0': ('config/parallel.py:602',),
                       '0.34.0': ('config/parallel.py:643',)},
 'vllm-dp-local-above-dp': {'0.13.0': ('config/parallel.py:287',),
                            '0.18.0': ('config/parallel.py:378',),
                            '0.23.0': ('config/parallel.py:442',),
                            '0.32.0': ('config/parallel.py:542',),
                            '0.33.0': ('config/parallel.py:546',),
                            '0.34.0': ('config/parallel.py:584',)},
 'vllm-eplb-cuda-only': {'0.13.0': ('config/parallel.py:299',),
                         '0.18.0': ('config/parallel.py:390',),
                         '0.23.0': ('config/parallel.py:461',),
                         '0.32.0': ('config/parallel.py:561',),
                         '0.33.0': ('config/parallel.py:565',),
                         '0.34.0': ('config/parallel.py:603',)},
 'vllm-eplb-needs-ep': {'0.13.0': ('config/parallel.py:304',),
                        '0.18.0': ('config/parallel.py:395',),
                        '0.23.0': ('config/parallel.py:466',),
                        '0.32.0': ('config/parallel.py:566',),
                        '0.33.0': ('config/parallel.py:570',),
                        '0.34.0': ('config/parallel.py:608',)},
 'vllm-eplb-needs-parallel': {'0.13.0': ('config/parallel.py:306',),
                              '0.18.0': ('config/parallel.py:397',),
                              '0.23.0': ('config/parallel.py:468',),
                              '0.32.0': ('config/parallel.py:575',),
                              '0.33.0': ('config/parallel.py:579',),
                              '0.34.0': ('config/parallel.py:617',)},
 'vllm-external-lb-needs-dp': {'0.13.0': ('config/parallel.py:293',),
                               '0.18.0': ('config/parallel.py:384',),
                               '0.23.0': ('config/parallel.py:448',),
                               '0.32.0': ('config/parallel.py:548',),
                               '0.33.0': ('config/parallel.py:552',),
                               '0.34.0': ('config/parallel.py:590',)},
 'vllm-external-lb-needs-rank': {'0.13.0': ('engine/arg_utils.py:1453',),
                                 '0.18.0': ('engine/arg_utils.py:1628',),
                                 '0.23.0': ('engine/arg_utils.py:1874',),
                                 '0.32.0': ('engine/arg_utils.py:2428',),
                                 '0.33.0': ('engine/arg_utils.py:2469',),
                                 '0.34.0': ('engine/arg_utils.py:2503',)},
 'vllm-external-rank-one-local': {'0.13.0': ('engine/arg_utils.py:1457',),
                                  '0.18.0': ('engine/arg_utils.py:1632',),
                                  '0.23.0': ('engine/arg_utils.py:1878',),
                                  '0.32.0': ('engine/arg_utils.py:2436',),
                                  '0.33.0': ('engine/arg_utils.py:2477',),
                                  '0.34.0': ('engine/arg_utils.py:2511',)},
 'vllm-headless-hybrid-lb': {'0.13.0': ('engine/arg_utils.py:1407',),
                             '0.18.0': ('engine/arg_utils.py:1582',),
                             '0.23.0': ('engine/arg_utils.py:1818',),
                             '0.32.0': ('engine/arg_utils.py:2339',),
                             '0.33.0': ('engine/arg_utils.py:2380',),
                             '0.34.0': ('engine/arg_utils.py:2414',)},
 'vllm-hybrid-and-external-lb': {'0.13.0': ('engine/arg_utils.py:1410',),
                                 '0.18.0': ('engine/arg_utils.py:1585',),
                                 '0.23.0': ('engine/arg_utils.py:1821',),
                                 '0.32.0': ('engine/arg_utils.py:2343',),
                                 '0.33.0': ('engine/arg_utils.py:2384',),
                                 '0.34.0': ('engine/arg_utils.py:2418',)},
 'vllm-hybrid-lb-needs-local': {'0.13.0': ('engine/arg_utils.py:1495',),
                                '0.18.0': ('engine/arg_utils.py:1670',),
                                '0.23.0': ('engine/arg_utils.py:1916',),
                                '0.32.0': ('engine/arg_utils.py:2479',),
                                '0.33.0': ('engine/arg_utils.py:2520',),
                                '0.34.0': ('engine/arg_utils.py:2554',)},
 'vllm-nnodes-divide-world': {'0.13.0': ('engine/arg_utils.py:1427',),
                              '0.18.0': ('engine/arg_utils.py:1602',),
                              '0.23.0': ('engine/arg_utils.py:1838',),
                              '0.32.0': ('engine/arg_utils.py:2366',),
                              '0.33.0': ('engine/arg_utils.py:2407',),
                              '0.34.0': ('engine/arg_utils.py:2441',)},
 'vllm-nnodes-needs-mp': {'0.13.0': ('engine/arg_utils.py:1413',),
                          '0.18.0': ('engine/arg_utils.py:1588',),
                          '0.23.0': ('engine/arg_utils.py:1824',),
                          '0.32.0': ('engine/arg_utils.py:2350',),
                          '0.33.0': ('engine/arg_utils.py:2391',),
                          '0.34.0': ('engine/arg_utils.py:2425',)},
 'vllm-node-rank-range': {'0.13.0': ('engine/arg_utils.py:1430',),
                          '0.18.0': ('engine/arg_utils.py:1605',),
                          '0.23.0': ('engine/arg_utils.py:1841',),
                          '0.32.0': ('engine/arg_utils.py:2374',),
                          '0.33.0': ('engine/arg_utils.py:2415',),
                          '0.34.0': ('engine/arg_utils.py:2449',)},
 'vllm-numa-lists-need-bind': {'0.23.0': ('config/parallel.py:455',),
                               '0.32.0': ('config/parallel.py:555',),
                               '0.33.0': ('config/parallel.py:559',)},
 'vllm-tp-divisible-by-dcp': {'0.13.0': ('engine/arg_utils.py:1354',),
                              '0.18.0': ('config/parallel.py:417',),
                              '0.23.0': ('config/parallel.py:488',),
                              '0.32.0': ('config/parallel.py:596',),
                              '0.33.0': ('config/parallel.py:600',),
                              '0.34.0': ('config/parallel.py:641',)}}
