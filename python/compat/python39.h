/* What the extension relies on of the C API of Python 3.10 and later, for Python 3.9:
 * setup.py includes this before the extension's sources (gcc and clang's -include) when
 * building for a Python older than 3.10, so that the sources stay written for the current
 * API. PY_SSIZE_T_CLEAN as the extension defines it: Python.h is read once, here, first. */
#define PY_SSIZE_T_CLEAN
#include <Python.h>

#if PY_VERSION_HEX < 0x030A0000
static inline PyObject *Py_NewRef(PyObject *obj)
{
    Py_INCREF(obj);
    return obj;
}
static inline PyObject *Py_XNewRef(PyObject *obj)
{
    Py_XINCREF(obj);
    return obj;
}

/* 3.9's PyLong_AsLongAndOverflow converts any object with __int__, a float too (1.5 gives
 * 1, with a DeprecationWarning); from 3.10 on it takes __index__ alone and raises
 * TypeError for a float, which the extension's callers (and tests) expect. */
static inline long ibidi_compat_long_and_overflow(PyObject *obj, int *overflow)
{
    PyObject *index;
    long v;

    if (PyLong_Check(obj))
        return PyLong_AsLongAndOverflow(obj, overflow);
    *overflow = 0;
    index = PyNumber_Index(obj);
    if (index == NULL)
        return -1;
    v = PyLong_AsLongAndOverflow(index, overflow);
    Py_DECREF(index);
    return v;
}
#define PyLong_AsLongAndOverflow ibidi_compat_long_and_overflow
#endif
