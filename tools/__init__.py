"""The kit's build and maintenance tools, one package (run each as ``python -m tools.NAME``):

* :mod:`tools.build_site` -- the browser edition in build/site (``./dev site``);
* :mod:`tools.build_lite` -- its JupyterLite part (build/site/lab);
* :mod:`tools.refresh_notebooks` -- re-run the notebooks to refresh their stored outputs (``make notebooks``);
* :mod:`tools.refresh_docs` -- the generated parts of the docs (the verb table of the scenario docs).

They import each other as modules of this package (no ``sys.path`` changes).
"""
