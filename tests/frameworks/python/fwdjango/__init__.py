"""Django app of the Django flow (flow_django.py): one model with a vector
column and an HNSW index, created by migrate."""
