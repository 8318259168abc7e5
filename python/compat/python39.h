/* What the extension uses of the C API of Python 3.10 and later, for Python 3.9: setup.py
 * includes this before the extension's sources (gcc and clang's -include) when building
 * for a Python older than 3.10, so that the sources stay written for the current API.
 * PY_SSIZE_T_CLEAN as the extension defines it: Python.h is read once, here, first. */
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
#endif
