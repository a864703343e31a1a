"""The load generator behind ``argmatrix bench``: drives any OpenAI-compatible server over HTTP and reports what it
measured; no torch, no model.  (The benchmark scripts that run argmatrix's engine in-process live in ``bench/``.)"""
